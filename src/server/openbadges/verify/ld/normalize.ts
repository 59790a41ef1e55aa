import { compact, expand } from '../../../ld/jsonld';
import { bundledContext, OB1_CONTEXT, OB2_CONTEXT, obVersionOf } from '../../../ld/contexts';
import { markLeftOut, withoutUnreadableExtensions } from './unread-extensions';
import { upgradeLegacy, type Role } from './upgrade';

type Obj = Record<string, unknown>;

/** Why a document could not be read as an Open Badge. */
export type Unreadable = 'unknown-context' | 'not-open-badges' | 'json-ld' | 'no-verification' | 'legacy-signed';

export type Normalized = { ok: true; doc: Obj; version: '2.0' | '1.x' } | { ok: false; why: Unreadable };

class UnknownContext extends Error {}

/** jsonld's loader: bundled contexts only, anything else is refused, so nothing is ever fetched. */
async function documentLoader(url: string) {
  const document = bundledContext(url);
  if (document === undefined) throw new UnknownContext(url);
  return { contextUrl: null, documentUrl: url, document };
}

function contextsOf(doc: Obj): unknown[] {
  const ctx = doc['@context'];
  return ctx === undefined ? [] : Array.isArray(ctx) ? ctx : [ctx];
}

const isUnknownContext = (err: unknown) =>
  err instanceof UnknownContext || (err as { details?: { cause?: unknown } }).details?.cause instanceof UnknownContext;

const OBI = 'https://w3id.org/openbadges#';

/**
 * Whether a document whose contexts are all inline speaks Open Badges: once expanded (with the
 * bundled contexts only), one of its properties or types is in the Open Badges vocabulary. That is
 * how the reference validator's own fixtures read, with the whole v2 context inline.
 */
async function speaksOpenBadges(doc: Obj): Promise<boolean> {
  const stack: unknown[] = await expand(doc, { documentLoader, base: null });
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        if (k.startsWith(OBI)) return true;
        if (k === '@type' && (Array.isArray(v) ? v : [v]).some((t) => typeof t === 'string' && t.startsWith(OBI)))
          return true;
        if (typeof v === 'object') stack.push(v);
      }
  }
  return false;
}

/**
 * The Open Badges version a document declares: by its context URLs; by its terms when its contexts
 * are inline (read as 2.0); or the version of the badge it belongs to when it has none (OB 1.0 had
 * no contexts).
 */
async function declaredVersion(doc: Obj, inherited: '2.0' | '1.x'): Promise<'2.0' | '1.x' | null> {
  const contexts = contextsOf(doc);
  const named = contexts.filter((c): c is string => typeof c === 'string');
  if (named.some((c) => obVersionOf(c) === '2.0')) return '2.0';
  if (named.some((c) => obVersionOf(c) === '1.1')) return '1.x';
  if (contexts.length === 0) return inherited;
  return contexts.some((c) => c && typeof c === 'object') && (await speaksOpenBadges(doc)) ? '2.0' : null;
}

/**
 * Reads one Open Badges document the way JSON-LD defines it (DATA-04): compacted into the OB v2
 * context (or v1 for a legacy badge) with the bundled contexts only, so a term an inline context
 * redefines no longer reads as the Open Badges term, and an unknown remote context is refused
 * instead of fetched. A document without a context belongs to the version of the badge it is part
 * of (OB 1.0 had no contexts). Legacy documents are then upgraded to the 2.0 shape. An extension
 * whose context is not bundled is left out of what is read (and the result marked so, W004).
 */
export async function normalizeDoc(
  given: Obj,
  role: Role,
  at: string,
  inherited: '2.0' | '1.x' = '1.x',
): Promise<Normalized> {
  const pruned = withoutUnreadableExtensions(given);
  const read = await readDoc(pruned ?? given, role, at, inherited);
  if (pruned && read.ok) markLeftOut(read.doc);
  return read;
}

async function readDoc(doc: Obj, role: Role, at: string, inherited: '2.0' | '1.x'): Promise<Normalized> {
  let version: '2.0' | '1.x' | null;
  try {
    version = await declaredVersion(doc, inherited);
  } catch (err) {
    return { ok: false, why: isUnknownContext(err) ? 'unknown-context' : 'json-ld' };
  }
  if (!version) return { ok: false, why: 'not-open-badges' };
  const input =
    contextsOf(doc).length === 0 ? { ...doc, '@context': version === '2.0' ? OB2_CONTEXT : OB1_CONTEXT } : doc;
  let compacted: Obj;
  try {
    compacted = await compact(input, version === '2.0' ? OB2_CONTEXT : OB1_CONTEXT, { documentLoader, base: null });
  } catch (err) {
    return { ok: false, why: isUnknownContext(err) ? 'unknown-context' : 'json-ld' };
  }
  // Several top-level nodes are not one Open Badges object.
  if ('@graph' in compacted) return { ok: false, why: 'json-ld' };
  if (version === '2.0') return { ok: true, doc: compacted, version };
  const upgraded = upgradeLegacy(compacted, role, at);
  return 'why' in upgraded ? { ok: false, why: upgraded.why } : { ok: true, doc: upgraded.doc, version };
}
