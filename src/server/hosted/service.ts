import { assertionsRepo } from '../issuing/assertions-repo';
import { issuingRepo } from '../issuing/repo';
import { bake } from '../openbadges/baking';
import {
  assertionDocument,
  badgeClassDocument,
  issuerDocument,
  keyDocument,
  revocationListDocument,
  revokedAssertionDocument,
} from '../openbadges/documents';
import { signAssertion } from '../openbadges/jws';
import { openIssuerKey } from '../openbadges/keys';
import { ByteMemo } from '../openbadges/memo';
import { obUrls } from '../openbadges/urls';
import { acadHosting } from './acad-service';

/** Recently baked images, per isolate (public data; see ByteMemo for why this is safe). */
const baked = new ByteMemo(16 * 1024 * 1024);

export type Hosted<T> = { kind: 'ok'; doc: T } | { kind: 'gone'; doc: object } | { kind: 'missing' };

/** Reads the hosted objects; every document is built from D1 rows at its own stable URL. */
export function hostedService(env: Env) {
  const u = obUrls(env.PUBLIC_BASE_URL);
  const issuing = issuingRepo(env.DB);
  const assertions = assertionsRepo(env.DB);
  const acad = acadHosting(env, u);

  /** A live assertion (one D1 round trip), with its class image and, if signed, its signing key. */
  async function liveAssertion(id: string) {
    const found = await assertions.forHosting(id);
    if (!found) return { kind: 'missing' as const };
    const a = found.a;
    if (a.revokedAt || a.deletedByIssuerAt) {
      const reason = a.revokedReason ?? (a.deletedByIssuerAt ? 'Deleted by the issuer.' : null);
      return { kind: 'gone' as const, doc: revokedAssertionDocument(u, { id: a.id, revokedReason: reason }) };
    }
    const keyId = a.verificationType === 'signed' ? found.keyId : null;
    return { kind: 'ok' as const, found, doc: assertionDocument(u, a, keyId) };
  }

  /**
   * What the hosted namespace serves at /Assertion/{id}: a badge's assertion, or, for an id no badge
   * has, an academic document's (issue 18; ids are random 128-bit, so the two never collide).
   */
  async function liveDocument(id: string) {
    const badge = await liveAssertion(id);
    if (badge.kind !== 'missing') return { ...badge, acad: false };
    return { ...(await acad.live(id)), acad: true };
  }

  /**
   * The compact JWS of a live signed assertion issued here, badge or academic document; null for a
   * hosted one, a revoked one or an unknown id. Verifying a signed badge by its id checks this (the
   * signed form is what the badge is). Fetched at its URL it is valid too, proven only as a hosted
   * one is, by where it is served (checkVerificationObject, issue 33).
   */
  async function signedCopy(id: string): Promise<string | null> {
    const badge = await liveAssertion(id);
    if (badge.kind === 'missing') {
      const doc = await acad.signed(id);
      return doc.kind === 'ok' ? doc.jws : null;
    }
    if (badge.kind !== 'ok' || badge.found.a.verificationType !== 'signed' || !badge.found.privateKeyEnc) return null;
    return signAssertion(badge.doc, await openIssuerKey(env, badge.found.privateKeyEnc));
  }

  /** A baked image stored earlier, also kept in this isolate's memo. */
  async function fromR2(cacheKey: string) {
    const obj = await env.BUCKET.get(cacheKey);
    if (!obj) return undefined;
    const bytes = new Uint8Array(await obj.arrayBuffer());
    baked.set(cacheKey, bytes);
    return bytes;
  }

  return {
    urls: u,
    liveAssertion,
    liveDocument,
    signedCopy,
    /** Academic documents as OB 2.0 assertions (their PDF job signs through this). */
    acad,

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
      if (bc) return { bc, doc: badgeClassDocument(u, bc, tags) };
      const doc = await acad.badgeClass(id);
      return doc ? { bc: null, doc } : null;
    },

    async key(id: string) {
      const key = await issuing.key(id);
      return key && !key.revokedAt ? keyDocument(u, key) : null;
    },

    async revocationList(issuerId: string) {
      if (!(await issuing.issuer(issuerId))) return null;
      const [revoked, docs] = await Promise.all([assertions.revokedSigned(issuerId), acad.revoked(issuerId)]);
      return revocationListDocument(u, issuerId, [
        ...revoked.map((r) => ({ id: r.id, reason: r.reason ?? (r.deletedAt ? 'Deleted by the issuer.' : null) })),
        ...docs,
      ]);
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
      if (live.kind === 'missing') return acad.bakedImage(id, waitUntil);
      if (live.kind !== 'ok') return live;
      const { a, imageKey, imageType, keyId, privateKeyEnc } = live.found;
      const signed = a.verificationType === 'signed';
      if (!imageKey || !imageType || (signed && !privateKeyEnc)) return { kind: 'missing' as const };
      const cacheKey = `baked/${id}/${a.updatedAt}-${signed ? keyId : 'hosted'}.${imageType}`;
      const ready = baked.get(cacheKey) ?? (await fromR2(cacheKey));
      if (ready) return { kind: 'ok' as const, type: imageType, bytes: ready };
      const source = await env.BUCKET.get(imageKey);
      if (!source) return { kind: 'missing' as const };
      const payload = signed
        ? { verify: await signAssertion(live.doc, await openIssuerKey(env, privateKeyEnc as string)) }
        : { verify: live.doc.id, json: JSON.stringify(live.doc) };
      const bytes = bake(new Uint8Array(await source.arrayBuffer()), payload);
      baked.set(cacheKey, bytes);
      waitUntil(env.BUCKET.put(cacheKey, bytes));
      return { kind: 'ok' as const, type: imageType, bytes };
    },
  };
}
