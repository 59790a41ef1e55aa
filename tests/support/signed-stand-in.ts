import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { CompactSign } from 'jose';

const OB = 'https://w3id.org/openbadges/v2';
const json = { 'content-type': 'application/ld+json' };
type Send = (status: number, body: string, headers?: Record<string, string>) => void;

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
/** The issuer's listed key, and one nobody listed (the "wrong key" of the corpus). */
const listed = pair();
const stranger = pair();
const pem = (k: KeyObject) => k.export({ type: 'spki', format: 'pem' }).toString();

const sign = (payload: object, key: KeyObject) =>
  new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'RS256' }).sign(key);

/**
 * A stand-in issuer of signed Open Badges 2.0 badges at `/ob/signed/…`, and `/ob/jws/<case>`, which
 * answers the compact JWS of each case of the generated corpus. The recipient is
 * learner@example.test in plain text.
 */
export async function signedStandIn(path: string, base: string, send: Send) {
  const at = (p: string) => `${base}/ob/signed/${p}`;
  const issuer = (name: string, key: string, list: string) => ({
    '@context': OB,
    type: 'Issuer',
    id: at(name),
    name: 'Signed Stand-in Institute',
    url: base,
    email: 'badges@signed-stand-in.example',
    publicKey: at(key),
    revocationList: at(list),
  });
  const key = (name: string, owner: string, k: KeyObject) => ({
    '@context': OB,
    type: 'CryptographicKey',
    id: at(name),
    owner: at(owner),
    publicKeyPem: pem(k),
  });
  const badge = (name: string, issuerName: string) => ({
    '@context': OB,
    type: 'BadgeClass',
    id: at(name),
    name: 'Signed Geology',
    description: 'Read the rocks.',
    image: `${base}/ob/badge.png`,
    criteria: { narrative: 'Name ten rocks.' },
    issuer: at(issuerName),
  });
  const docs: Record<string, object> = {
    'issuer.json': issuer('issuer.json', 'key.json', 'revocations.json'),
    'issuer-down.json': issuer('issuer-down.json', 'key-down.json', 'list-down.json'),
    'key.json': key('key.json', 'issuer.json', listed.publicKey),
    'key-down.json': key('key-down.json', 'issuer-down.json', listed.publicKey),
    'unlisted-key.json': key('unlisted-key.json', 'issuer.json', listed.publicKey),
    'badge.json': badge('badge.json', 'issuer.json'),
    'badge-down.json': badge('badge-down.json', 'issuer-down.json'),
    'revocations.json': {
      '@context': OB,
      id: at('revocations.json'),
      type: 'RevocationList',
      issuer: at('issuer.json'),
      revokedAssertions: [{ id: 'urn:uuid:5b1fd1c0-0000-4000-8000-00000000dead', revocationReason: 'Cheated.' }],
    },
  };
  const signed = path.match(/^\/ob\/signed\/(.+)$/)?.[1];
  if (signed === 'list-down.json') return send(503, 'down for maintenance');
  if (signed) return docs[signed] ? send(200, JSON.stringify(docs[signed]), json) : send(404, 'not found');

  const assertion = (n: string, over: Record<string, unknown> = {}) => ({
    '@context': OB,
    type: 'Assertion',
    id: `urn:uuid:5b1fd1c0-0000-4000-8000-${n}`,
    recipient: { type: 'email', hashed: false, identity: 'learner@example.test' },
    badge: at('badge.json'),
    issuedOn: '2025-01-01T00:00:00Z',
    verification: { type: 'SignedBadge', creator: at('key.json') },
    ...over,
  });
  const c = path.match(/^\/ob\/jws\/(.+)$/)?.[1];
  let jws: string;
  switch (c) {
    case 'valid':
      jws = await sign(assertion('000000000001'), listed.privateKey);
      break;
    case 'expired':
      jws = await sign(assertion('000000000002', { expires: '2025-06-01T00:00:00Z' }), listed.privateKey);
      break;
    case 'revoked-in-list':
      jws = await sign(assertion('00000000dead'), listed.privateKey);
      break;
    case 'wrong-key':
      jws = await sign(assertion('000000000003'), stranger.privateKey);
      break;
    case 'unlisted-key':
      jws = await sign(
        assertion('000000000004', { verification: { type: 'SignedBadge', creator: at('unlisted-key.json') } }),
        listed.privateKey,
      );
      break;
    case 'tampered': {
      const [head, , sig] = (await sign(assertion('000000000005'), listed.privateKey)).split('.');
      const forged = assertion('000000000005', { issuedOn: '2020-01-01T00:00:00Z' });
      jws = `${head}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
      break;
    }
    case 'list-unreachable':
      jws = await sign(
        assertion('000000000006', {
          badge: at('badge-down.json'),
          verification: { type: 'SignedBadge', creator: at('key-down.json') },
        }),
        listed.privateKey,
      );
      break;
    default:
      return send(404, 'no such case');
  }
  return send(200, jws, { 'content-type': 'text/plain' });
}
