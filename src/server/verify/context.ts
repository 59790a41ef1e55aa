import type { Doc, DocSource } from './doc-source';
import { cachedKey } from './doc-cache';
import type { VerifyInput } from './input';
import type { ParsedJws } from './jws-parse';
import { normalizeDoc } from './ld/normalize';
import type { Role } from './ld/upgrade';

export type Obj = Record<string, unknown>;
export const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What the checks of one verification share: the input, and what each step found for the next. */
export interface VerifyContext {
  readonly input: VerifyInput;
  readonly emails: string[];
  readonly now: number;
  readonly src: DocSource;
  /** A signed badge's JWS, once its structure was read. */
  jws: ParsedJws | null;
  /** The assertion as found (hosted document or JWS payload), before it is read as JSON-LD. */
  found: Obj | null;
  /** Where a hosted assertion was found; null for a signed badge. */
  hostedAt: string | null;
  /** The assertion read as Open Badges 2.0 JSON-LD (legacy badges upgraded). */
  assertion: Obj | null;
  version: '2.0' | '1.x';
  badge: Obj | null;
  /** The issuer profile as found, and once its identity checks passed, as trusted. */
  profileFound: Obj | null;
  issuer: Obj | null;
  /** A signed badge's key as found, and once it is known to be the issuer's own, as trusted. */
  keyFound: Obj | null;
  key: Obj | null;
  /** Set when the issuer revoked the badge (HTTP 410, `revoked: true`, or its revocation list). */
  revoked: { reason: string | null } | null;
  /** The verified address the badge was awarded to. */
  recipient: string | null;
  /** The chain's documents, each read once per verification (see `resolve`). */
  readonly docs: Map<string, Promise<Doc>>;
}

export function newContext(input: VerifyInput, emails: string[], now: number, src: DocSource): VerifyContext {
  return {
    input,
    emails,
    now,
    src,
    jws: null,
    found: null,
    hostedAt: null,
    assertion: null,
    version: '2.0',
    badge: null,
    profileFound: null,
    issuer: null,
    keyFound: null,
    key: null,
    revoked: null,
    recipient: null,
    docs: new Map(),
  };
}

async function read(ctx: VerifyContext, ref: unknown, role: Role): Promise<Doc> {
  if (ref && typeof ref === 'object') return { kind: 'ok', url: str((ref as Obj)['id']) ?? '', doc: ref as Obj };
  const d = await ctx.src.get(ref);
  if (d.kind !== 'ok') return d;
  const n = await normalizeDoc(d.doc, role, d.url, ctx.version);
  return n.ok ? { ...d, doc: n.doc } : { kind: 'unreadable', url: d.url };
}

/**
 * A document of the chain: an embedded object (already read as part of its parent) or a URL,
 * fetched once per verification and read as JSON-LD in the version of the badge it belongs to. A
 * document that is not readable Open Badges JSON-LD counts as unreadable.
 */
export function resolve(ctx: VerifyContext, ref: unknown, role: Role): Promise<Doc> {
  if (typeof ref !== 'string') return read(ctx, ref, role);
  const key = `${role} ${ref}`;
  const known = ctx.docs.get(key);
  if (known) return known;
  const doc = read(ctx, ref, role);
  // Started early and perhaps never awaited (a check before it failed): never an unhandled rejection.
  doc.catch(() => undefined);
  ctx.docs.set(key, doc);
  return doc;
}

/**
 * The signing key named by a signed assertion's `verification.creator`, through the per-isolate key
 * cache. As soon as it arrives, the profile it names as owner is fetched too: a valid badge's
 * issuer is that profile, so both round trips run side by side with the badge class.
 */
export function signingKey(ctx: VerifyContext): Promise<Doc> {
  const known = ctx.docs.get('key');
  if (known) return known;
  const creator = (ctx.assertion?.['verification'] as Obj | undefined)?.['creator'];
  const key = cachedKey(creator, () => resolve(ctx, creator, 'other'));
  void key.then(
    (k) => {
      const owner = k.kind === 'ok' ? str(k.doc['owner']) : null;
      if (owner) void resolve(ctx, owner, 'issuer');
    },
    () => undefined,
  );
  ctx.docs.set('key', key);
  return key;
}
