import { OB_CONTEXT } from '../openbadges/documents';
import { BLOCKCERTS_V3 } from './contexts';
import type { bcUrls } from './urls';

type Urls = ReturnType<typeof bcUrls>;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * When the anchoring keys become valid for an issuer: one second before the whole second the issuer
 * was created in. Verifiers refuse a transaction whose block time is not strictly after `created`,
 * and block times are whole seconds, so a key `created` at the issuer's own second refused a first
 * anchor mined within that second (cert-verifier-js checkAuthenticity, seen once in CI).
 */
export function keyValidFrom(issuerCreatedAt: number): number {
  return (Math.floor(issuerCreatedAt / 1000) - 1) * 1000;
}

/**
 * An issuer's Blockcerts profile. Verifiers accept a credential when its transaction's sender is
 * one of `publicKey` and was sent after the key's `created`; every issuer names Lanyard's anchoring
 * addresses, created when the issuer was (before anything of theirs could be anchored).
 */
export function issuerProfileDocument(
  u: Urls,
  issuer: { id: string; name: string; url: string; email: string; createdAt: number },
  addresses: string[],
) {
  return {
    '@context': [OB_CONTEXT, BLOCKCERTS_V3],
    type: 'Profile',
    id: u.issuer(issuer.id),
    name: issuer.name,
    url: issuer.url,
    email: issuer.email,
    revocationList: u.revocationList(issuer.id),
    publicKey: addresses.map((a) => ({
      id: `ecdsa-koblitz-pubkey:${a}`,
      created: iso(keyValidFrom(issuer.createdAt)),
    })),
  };
}

/** The Blockcerts revocation list: credential ids (urn:uuid), as cert-verifier-js matches them. */
export function revocationListDocument(u: Urls, issuerId: string, revoked: { id: string; reason: string | null }[]) {
  return {
    '@context': OB_CONTEXT,
    id: u.revocationList(issuerId),
    type: 'RevocationList',
    issuer: u.issuer(issuerId),
    revokedAssertions: revoked.map((r) => ({ id: r.id, ...(r.reason ? { revocationReason: r.reason } : {}) })),
  };
}
