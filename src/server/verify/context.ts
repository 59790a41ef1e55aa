import type { ChainEnv } from '../chain/rpc';
import type { BlockcertsState } from './bc/state';
import type { Doc, DocSource } from './doc-source';
import { cachedKey } from './doc-cache';
import type { Format } from './format';
import type { VerifyInput } from './input';
import type { ParsedJws } from './jws-parse';
import { normalizeDoc } from './ld/normalize';
import type { Role } from './ld/upgrade';
import type { Ob3State } from './ob3/state';

export type Obj = Record<string, unknown>;
export const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What the checks of one verification share: the input, and what each step found for the next. */
export interface VerifyContext {
  readonly input: VerifyInput;
  readonly emails: string[];
  readonly now: number;
  readonly src: DocSource;
  /** Where a Blockcerts anchor's chain node is configured (CHAIN_RPC_URL…) and the outbound policy. */
  readonly env: ChainEnv;
  /** Set when what was given is not Open Badges 2.0 (or older): nothing more is done for it. */
  format: Exclude<Format, 'ob2'> | null;
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
  /** Whether the profile found declares the id it was found at (see `resolve`). */
  profileBound: boolean;
  issuer: Obj | null;
  /** A signed badge's key as found, and once it is known to be the issuer's own, as trusted. */
  keyFound: Obj | null;
  keyBound: boolean;
  key: Obj | null;
  /** Whether this verification read the key itself (rather than from the key cache). */
  keyRead: boolean;
  /** Set when the issuer revoked the badge (HTTP 410, `revoked: true`, or its revocation list). */
  revoked: { reason: string | null } | null;
  /** The verified address the badge was awarded to. */
  recipient: string | null;
  /** A Blockcerts credential (issue 19): what its checks found. */
  bc: BlockcertsState | null;
  /** An Open Badges 3.0 credential (issue 21): what its checks found. */
  ob3: Ob3State | null;
  /** The chain's documents, each read once per verification (see `resolve`). */
  readonly docs: Map<string, Promise<ChainDoc>>;
}

export function newContext(
  input: VerifyInput,
  emails: string[],
  now: number,
  src: DocSource,
  env: ChainEnv,
): VerifyContext {
  return {
    env,
    input,
    emails,
    now,
    src,
    format: null,
    jws: null,
    found: null,
    hostedAt: null,
    assertion: null,
    version: '2.0',
    badge: null,
    profileFound: null,
    profileBound: false,
    issuer: null,
    keyFound: null,
    keyBound: false,
    key: null,
    keyRead: false,
    revoked: null,
    recipient: null,
    bc: null,
    ob3: null,
    docs: new Map(),
  };
}

/** A document of the chain; `bound` when the id it declares is where it was found (HV-20). */
export type ChainDoc = Exclude<Doc, { kind: 'ok' }> | { kind: 'ok'; url: string; doc: Obj; bound: boolean };

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
};
const isHttp = (v: string | null): v is string => v !== null && /^https?:\/\//i.test(v);

async function read(ctx: VerifyContext, ref: unknown, role: Role, bind: boolean, refetched: boolean) {
  if (ref && typeof ref === 'object') {
    const id = str((ref as Obj)['id']);
    // An embedded profile or key only tells where the real one lives (as a hosted assertion does).
    if (bind && isHttp(id)) return resolve(ctx, id, role, bind);
    return { kind: 'ok', url: id ?? '', doc: ref as Obj, bound: false } as const;
  }
  const d = await ctx.src.get(ref);
  if (d.kind !== 'ok') return d;
  const n = await normalizeDoc(d.doc, role, d.url, ctx.version);
  if (!n.ok) return { kind: 'unreadable', url: d.url } as const;
  const declared = str(n.doc['id']);
  // The id must be the address asked for or, after redirects, the one answered from.
  const bound = declared !== null && typeof ref === 'string' && (sameUrl(declared, ref) || sameUrl(declared, d.url));
  if (!bound && bind && !refetched && isHttp(declared)) {
    // Declared elsewhere: what counts is the document at that id, if it says the same (as the
    // reference validator does); a copy served anywhere else never speaks for it.
    const there = await load(ctx, declared, role, bind, true);
    if (there.kind === 'ok' && there.bound) return there;
  }
  return { kind: 'ok', url: d.url, doc: n.doc, bound } as const;
}

function load(ctx: VerifyContext, ref: unknown, role: Role, bind: boolean, refetched: boolean): Promise<ChainDoc> {
  if (typeof ref !== 'string') return read(ctx, ref, role, bind, refetched);
  const key = `${role} ${bind ? 'bound' : 'any'} ${ref}`;
  const known = ctx.docs.get(key);
  if (known) return known;
  const doc = read(ctx, ref, role, bind, refetched);
  // Started early and perhaps never awaited (a check before it failed): never an unhandled rejection.
  doc.catch(() => undefined);
  ctx.docs.set(key, doc);
  return doc;
}

/**
 * A document of the chain: an embedded object (already read as part of its parent) or a URL,
 * fetched once per verification and read as JSON-LD in the version of the badge it belongs to. A
 * document that is not readable Open Badges JSON-LD counts as unreadable. With `bind` (issuer
 * profiles and keys, whose identity the verdict rests on), a document that declares an id other
 * than its address is replaced by the document at that id when that one confirms it, and an
 * embedded one with an http(s) id is always read from there.
 */
export function resolve(ctx: VerifyContext, ref: unknown, role: Role, bind = false): Promise<ChainDoc> {
  return load(ctx, ref, role, bind, false);
}

/**
 * The signing key named by a signed assertion's `verification.creator`, through the per-isolate key
 * cache. As soon as it arrives, the profile it names as owner is fetched too: a valid badge's
 * issuer is that profile, so both round trips run side by side with the badge class.
 */
export function signingKey(ctx: VerifyContext): Promise<ChainDoc> {
  const known = ctx.docs.get('key');
  if (known) return known;
  const creator = (ctx.assertion?.['verification'] as Obj | undefined)?.['creator'];
  const key = cachedKey(creator, () => {
    ctx.keyRead = true;
    return resolve(ctx, creator, 'other', true);
  });
  void key.then(
    (k) => {
      const owner = k.kind === 'ok' ? str(k.doc['owner']) : null;
      if (owner) void resolve(ctx, owner, 'issuer', true);
    },
    () => undefined,
  );
  ctx.docs.set('key', key);
  return key;
}

/**
 * The signing key read again past the key cache, which then keeps it: for a signature that failed
 * with a key kept from an earlier verification, since the issuer may have replaced it since.
 */
export function freshSigningKey(ctx: VerifyContext): Promise<ChainDoc> {
  const creator = (ctx.assertion?.['verification'] as Obj | undefined)?.['creator'];
  ctx.keyRead = true;
  return cachedKey.refresh(creator, () => read(ctx, creator, 'other', true, false));
}
