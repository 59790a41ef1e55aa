import { assertionsRepo } from '../issuing/assertions-repo';
import { issuingRepo } from '../issuing/repo';
import { bake } from './baking';
import {
  assertionDocument,
  badgeClassDocument,
  issuerDocument,
  keyDocument,
  revocationListDocument,
  revokedAssertionDocument,
} from './documents';
import { signAssertion } from './jws';
import { openIssuerKey } from './keys';
import { obUrls } from './urls';

export type Hosted<T> = { kind: 'ok'; doc: T } | { kind: 'gone'; doc: object } | { kind: 'missing' };

/** Reads the hosted objects; every document is built from D1 rows at its own stable URL. */
export function hostedService(env: Env) {
  const u = obUrls(env.PUBLIC_BASE_URL);
  const issuing = issuingRepo(env.DB);
  const assertions = assertionsRepo(env.DB);

  /** A live assertion and the key it is signed with (null for hosted badges). */
  async function liveAssertion(id: string) {
    const a = await assertions.byId(id);
    if (!a) return { kind: 'missing' as const };
    if (a.revokedAt || a.deletedByIssuerAt) {
      const reason = a.revokedReason ?? (a.deletedByIssuerAt ? 'Deleted by the issuer.' : null);
      return { kind: 'gone' as const, doc: revokedAssertionDocument(u, { id: a.id, revokedReason: reason }), row: a };
    }
    const key = a.verificationType === 'signed' ? await assertions.signingKey(a.issuerId) : null;
    return { kind: 'ok' as const, row: a, key, doc: assertionDocument(u, a, key?.id ?? null) };
  }

  return {
    urls: u,
    liveAssertion,

    async issuer(id: string) {
      const [issuer, keys] = await Promise.all([issuing.issuer(id), issuing.liveKeys(id)]);
      return issuer
        ? issuerDocument(
            u,
            issuer,
            keys.map((k) => k.id),
          )
        : null;
    },

    async badgeClass(id: string) {
      const [bc, tags] = await Promise.all([issuing.badgeClass(id), issuing.tagNames(id)]);
      return bc ? { bc, doc: badgeClassDocument(u, bc, tags) } : null;
    },

    async key(id: string) {
      const key = await issuing.key(id);
      return key && !key.revokedAt ? keyDocument(u, key) : null;
    },

    async revocationList(issuerId: string) {
      if (!(await issuing.issuer(issuerId))) return null;
      const revoked = await assertions.revokedSigned(issuerId);
      return revocationListDocument(
        u,
        issuerId,
        revoked.map((r) => ({ id: r.id, reason: r.reason ?? (r.deletedAt ? 'Deleted by the issuer.' : null) })),
      );
    },

    /** The stored image of an issuer or a badge class. */
    async image(kind: 'issuer' | 'badgeClass', id: string) {
      const key = kind === 'issuer' ? (await issuing.issuer(id))?.imageKey : (await issuing.badgeClass(id))?.imageKey;
      return key ? env.BUCKET.get(key) : null;
    },

    /**
     * The assertion's baked image: the badge class image carrying the assertion (hosted: its JSON,
     * verify = its URL; signed: the compact JWS). Cached in R2 per version of the assertion.
     */
    async bakedImage(id: string, waitUntil: (p: Promise<unknown>) => void) {
      const live = await liveAssertion(id);
      if (live.kind !== 'ok') return live;
      const bc = await issuing.badgeClass(live.row.badgeClassId);
      if (!bc?.imageKey || !bc.imageType) return { kind: 'missing' as const };
      const type = bc.imageType;
      const cacheKey = `baked/${id}/${live.row.updatedAt}-${live.key?.id ?? 'hosted'}.${type}`;
      const cached = await env.BUCKET.get(cacheKey);
      if (cached) return { kind: 'ok' as const, type, bytes: new Uint8Array(await cached.arrayBuffer()) };
      const source = await env.BUCKET.get(bc.imageKey);
      if (!source) return { kind: 'missing' as const };
      const raw = new Uint8Array(await source.arrayBuffer());
      const payload = live.key
        ? { verify: await signAssertion(live.doc, await openIssuerKey(env, live.key.privateKeyEnc)) }
        : { verify: live.doc.id, json: JSON.stringify(live.doc) };
      const bytes = bake(raw, payload);
      waitUntil(env.BUCKET.put(cacheKey, bytes));
      return { kind: 'ok' as const, type, bytes };
    },
  };
}
