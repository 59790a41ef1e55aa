import { sha256Hex } from '../auth/tokens';
import type { AssertionRow, BadgeClassRow, IssuerRow } from '../db/rows';
import { isHostName } from './host-name';
import type { ObUrls } from './urls';

/** The JSON-LD context every hosted object names (bundled for verification; never fetched). */
export const OB_CONTEXT = 'https://w3id.org/openbadges/v2';

/** The issuer columns an Issuer Profile shows. */
export type IssuerFields = Pick<IssuerRow, 'id' | 'name' | 'url' | 'email' | 'description' | 'imageKey'>;

/** The badge class columns a BadgeClass document shows. */
export type BadgeClassFields = Pick<
  BadgeClassRow,
  'id' | 'issuerId' | 'name' | 'description' | 'imageKey' | 'criteriaUrl' | 'criteriaNarrative' | 'alignmentsJson'
>;

/** The assertion columns an Assertion document shows. */
export type AssertionFields = Pick<
  AssertionRow,
  | 'id'
  | 'badgeClassId'
  | 'recipientSalt'
  | 'recipientHash'
  | 'verificationType'
  | 'narrative'
  | 'evidenceJson'
  | 'issuedOn'
  | 'expiresAt'
  | 'revokedAt'
  | 'revokedReason'
>;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The Issuer Profile. `verification.allowedOrigins` names our host explicitly, so hosted assertions
 * verify whichever default a verifier assumes, while `url` stays the organisation's own website.
 * It holds a host name only: with a port or an IP address in the base URL (development) it is left
 * out, and the default rule (the issuer id's origin, ours) covers our assertions.
 */
export function issuerDocument(u: ObUrls, issuer: IssuerFields, keyIds: string[]) {
  const base = new URL(u.origin);
  const allowed = base.port === '' && isHostName(base.hostname) ? base.hostname : null;
  return {
    '@context': OB_CONTEXT,
    type: 'Issuer',
    id: u.issuer(issuer.id),
    name: issuer.name,
    url: issuer.url,
    email: issuer.email,
    ...(issuer.description ? { description: issuer.description } : {}),
    ...(issuer.imageKey ? { image: u.issuerImage(issuer.id) } : {}),
    ...(keyIds.length ? { publicKey: keyIds.length === 1 ? u.key(keyIds[0] as string) : keyIds.map(u.key) } : {}),
    revocationList: u.revocationList(issuer.id),
    ...(allowed ? { verification: { type: 'VerificationObject', allowedOrigins: allowed } } : {}),
  };
}

export function badgeClassDocument(u: ObUrls, bc: BadgeClassFields, tags: string[]) {
  const alignment = bc.alignmentsJson ? (JSON.parse(bc.alignmentsJson) as unknown[]) : [];
  return {
    '@context': OB_CONTEXT,
    type: 'BadgeClass',
    id: u.badgeClass(bc.id),
    name: bc.name,
    description: bc.description,
    image: u.badgeClassImage(bc.id),
    criteria: {
      ...(bc.criteriaUrl ? { id: bc.criteriaUrl } : {}),
      ...(bc.criteriaNarrative ? { narrative: bc.criteriaNarrative } : {}),
    },
    issuer: u.issuer(bc.issuerId),
    ...(tags.length ? { tags } : {}),
    ...(alignment.length ? { alignment } : {}),
  };
}

/** The Assertion; `keyId` (the signing key) makes it a signed badge, otherwise hosted. */
export function assertionDocument(u: ObUrls, a: AssertionFields, keyId: string | null) {
  const evidence = a.evidenceJson ? (JSON.parse(a.evidenceJson) as unknown[]) : [];
  return {
    '@context': OB_CONTEXT,
    type: 'Assertion',
    id: u.assertion(a.id),
    recipient: { type: 'email', hashed: true, salt: a.recipientSalt, identity: a.recipientHash },
    badge: u.badgeClass(a.badgeClassId),
    image: u.assertionImage(a.id),
    issuedOn: iso(a.issuedOn),
    ...(a.expiresAt ? { expires: iso(a.expiresAt) } : {}),
    ...(a.narrative ? { narrative: a.narrative } : {}),
    ...(evidence.length ? { evidence } : {}),
    verification: keyId ? { type: 'SignedBadge', creator: u.key(keyId) } : { type: 'HostedBadge' },
  };
}

/** What a revoked hosted assertion answers, with HTTP 410 (spec example 11). */
export function revokedAssertionDocument(u: ObUrls, a: Pick<AssertionFields, 'id' | 'revokedReason'>) {
  return {
    '@context': OB_CONTEXT,
    type: 'Assertion',
    id: u.assertion(a.id),
    revoked: true,
    ...(a.revokedReason ? { revocationReason: a.revokedReason } : {}),
  };
}

export function keyDocument(u: ObUrls, key: { id: string; issuerId: string; publicKeyPem: string }) {
  return {
    '@context': OB_CONTEXT,
    type: 'CryptographicKey',
    id: u.key(key.id),
    owner: u.issuer(key.issuerId),
    publicKeyPem: key.publicKeyPem,
  };
}

/** Revoked signed badges of one issuer (hosted ones answer 410 themselves). */
export function revocationListDocument(u: ObUrls, issuerId: string, revoked: { id: string; reason: string | null }[]) {
  return {
    '@context': OB_CONTEXT,
    type: 'RevocationList',
    id: u.revocationList(issuerId),
    issuer: u.issuer(issuerId),
    revokedAssertions: revoked.map((r) => ({
      id: u.assertion(r.id),
      ...(r.reason ? { revocationReason: r.reason } : {}),
    })),
  };
}

/** The salted SHA-256 recipient identity of OB 2.0: "sha256$" + hex(sha256(email + salt)). */
export async function hashRecipient(email: string, salt: string): Promise<string> {
  return `sha256$${await sha256Hex(email + salt)}`;
}
