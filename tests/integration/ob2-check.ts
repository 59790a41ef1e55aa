import { compactVerify, decodeProtectedHeader, importSPKI } from 'jose';
import { normalizeEmail } from '../../src/lib/email';
import { hashRecipient } from '../../src/server/openbadges/documents';
import { getHosted } from './issuing-helpers';

/**
 * A test-side check that follows the OB 2.0 verification steps for badges this platform issues:
 * fetch the assertion at its id, then its BadgeClass and Issuer; the hosted origin rule
 * (verification.allowedOrigins of the issuer Profile); 410 / revoked: true; for signed badges
 * RS256, a creator key listed in the Profile and owned by it, the signature, and the
 * RevocationList. The product's own verifier (issue 6) will replace it.
 */
type Doc = Record<string, unknown> & { id: string; type: string };
const OB = '/api/v1.0/openBadge/v2';

async function fetchDoc(url: string): Promise<{ status: number; doc: Doc }> {
  const res = await getHosted(new URL(url).pathname.replace(OB, ''));
  return { status: res.status, doc: (await res.json()) as Doc };
}

export type Outcome = { valid: true; assertion: Doc } | { valid: false; reason: string };

async function checkTrio(assertion: Doc, email: string): Promise<Outcome> {
  if (assertion['@context'] !== 'https://w3id.org/openbadges/v2' || assertion.type !== 'Assertion')
    return { valid: false, reason: 'not an OB 2.0 assertion' };
  const recipient = assertion.recipient as { type: string; hashed: boolean; salt: string; identity: string };
  if (
    recipient.type !== 'email' ||
    !recipient.hashed ||
    recipient.identity !== (await hashRecipient(normalizeEmail(email), recipient.salt))
  )
    return { valid: false, reason: 'recipient' };
  const badge = await fetchDoc(assertion.badge as string);
  if (badge.status !== 200 || badge.doc.type !== 'BadgeClass' || badge.doc.id !== assertion.badge)
    return { valid: false, reason: 'badge class' };
  const issuer = await fetchDoc(badge.doc.issuer as string);
  if (issuer.status !== 200 || issuer.doc.type !== 'Issuer' || issuer.doc.id !== badge.doc.issuer)
    return { valid: false, reason: 'issuer' };
  if (assertion.expires && Date.parse(assertion.expires as string) < Date.now())
    return { valid: false, reason: 'expired' };
  const verification = assertion.verification as { type: string; creator?: string };
  if (verification.type === 'HostedBadge') {
    const allowed = (issuer.doc.verification as { allowedOrigins?: string | string[] } | undefined)?.allowedOrigins;
    const hosts = allowed ? [allowed].flat() : [new URL(issuer.doc.id).host];
    if (!hosts.includes(new URL(assertion.id).host)) return { valid: false, reason: 'origin' };
    return { valid: true, assertion };
  }
  const listed = [issuer.doc.publicKey].flat();
  if (!verification.creator || !listed.includes(verification.creator))
    return { valid: false, reason: 'key not listed' };
  const key = await fetchDoc(verification.creator);
  if (key.doc.owner !== issuer.doc.id) return { valid: false, reason: 'key owner' };
  const list = await fetchDoc(issuer.doc.revocationList as string);
  if (list.status !== 200) return { valid: false, reason: 'revocation list unreachable' };
  const revoked = (list.doc.revokedAssertions as { id: string }[]).some((r) => r.id === assertion.id);
  return revoked ? { valid: false, reason: 'revoked' } : { valid: true, assertion };
}

/** Hosted verification starting from the assertion URL. */
export async function verifyHostedUrl(url: string, email: string): Promise<Outcome> {
  const { status, doc } = await fetchDoc(url);
  if (status === 410 || doc.revoked === true) return { valid: false, reason: 'revoked' };
  if (status !== 200 || doc.id !== url) return { valid: false, reason: 'not served at its id' };
  return checkTrio(doc, email);
}

/** Signed verification of a compact JWS. */
export async function verifyJws(jws: string, email: string): Promise<Outcome> {
  if (decodeProtectedHeader(jws).alg !== 'RS256') return { valid: false, reason: 'algorithm' };
  const claims = JSON.parse(
    new TextDecoder().decode((await import('jose')).base64url.decode(jws.split('.')[1] ?? '')),
  ) as Doc;
  const creator = (claims.verification as { creator: string }).creator;
  const key = await fetchDoc(creator);
  try {
    await compactVerify(jws, await importSPKI(key.doc.publicKeyPem as string, 'RS256'));
  } catch {
    return { valid: false, reason: 'signature' };
  }
  return checkTrio(claims, email);
}
