import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { CompactSign } from 'jose';

const OB = 'https://w3id.org/openbadges/v2';
const json = { 'content-type': 'application/ld+json' };
type Send = (status: number, body: string, headers?: Record<string, string>) => void;

const pem = (k: KeyObject) => k.export({ type: 'spki', format: 'pem' }).toString();
const sign = (payload: object, key: KeyObject) =>
  new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'RS256' }).sign(key);
/** Mallory's own key: it signs every forged badge below. */
const mallory = generateKeyPairSync('rsa', { modulusLength: 2048 });
const LEARNER = { type: 'email', hashed: false, identity: 'learner@example.test' };

/**
 * A forger on 127.0.0.1 (HV-20): `/ob/spoof/<claim>/<file>`, where `<claim>` is the base64url of the
 * id the forged documents claim, an issuer hosted by Lanyard or another stand-in's issuer or key.
 * - `hosted.json`: a hosted assertion whose badge class names `issuer.json`, a profile served here
 *   that declares the claimed id (and a verification policy covering this host);
 * - `embedded.json`: the same with badge class and claimed profile embedded in the assertion;
 * - `jws-profile`: a badge signed with Mallory's key, listed by `issuer.json` (the claimed id),
 *   whose `key.json` names the claimed issuer as owner;
 * - `jws-key`: signed with Mallory's key, served as `claimed-key.json` but declaring the claimed
 *   (another issuer's) key id and owner, under that issuer's real badge class;
 * - `jws-owner`: Mallory's own profile lists her key, but the key names the claimed issuer as owner.
 */
export async function spoofStandIn(path: string, base: string, send: Send): Promise<boolean> {
  const m = /^\/ob\/spoof\/([\w-]+)\/([\w.-]+)$/.exec(path);
  if (!m) return false;
  const [, c = '', file = ''] = m;
  const claim = Buffer.from(c, 'base64url').toString();
  const at = (f: string) => `${base}/ob/spoof/${c}/${f}`;
  const issuer = {
    '@context': OB,
    type: 'Issuer',
    id: claim,
    name: 'Impostor Name',
    url: base,
    email: 'mallory@example.test',
    publicKey: at('key.json'),
    verification: { type: 'VerificationObject', startsWith: `${base}/ob/spoof/` },
  };
  const badge = (issuerRef: unknown) => ({
    '@context': OB,
    type: 'BadgeClass',
    id: at('badge.json'),
    name: 'Forged Badge',
    description: 'Not really earned.',
    image: `${base}/ob/badge.png`,
    criteria: { narrative: 'None.' },
    issuer: issuerRef,
  });
  const key = (id: string, owner: string) => ({
    '@context': OB,
    type: 'CryptographicKey',
    id,
    owner,
    publicKeyPem: pem(mallory.publicKey),
  });
  const assertion = (id: string, over: Record<string, unknown>) => ({
    '@context': OB,
    type: 'Assertion',
    id,
    recipient: LEARNER,
    issuedOn: '2025-01-01T00:00:00Z',
    ...over,
  });
  const hosted = { type: 'HostedBadge' };
  const signed = (creator: string, badgeRef: string, n: string) =>
    sign(
      assertion(`urn:uuid:0f0f0f0f-0000-4000-8000-${n}${c.length.toString().padStart(4, '0')}`, {
        badge: badgeRef,
        verification: { type: 'SignedBadge', creator },
      }),
      mallory.privateKey,
    );
  const docs: Record<string, () => object | Promise<string>> = {
    'hosted.json': () => assertion(at('hosted.json'), { badge: at('badge.json'), verification: hosted }),
    'embedded.json': () =>
      assertion(at('embedded.json'), { badge: { ...badge(issuer), id: at('badge.json') }, verification: hosted }),
    'badge.json': () => badge(at('issuer.json')),
    'issuer.json': () => issuer,
    'key.json': () => key(at('key.json'), claim),
    'claimed-key.json': () => key(claim, `${base}/ob/signed/issuer.json`),
    'own-issuer.json': () => ({
      ...issuer,
      id: at('own-issuer.json'),
      name: 'Mallory Institute',
      publicKey: at('own-key.json'),
    }),
    'own-key.json': () => key(at('own-key.json'), claim),
    'own-badge.json': () => badge(at('own-issuer.json')),
    'jws-profile': () => signed(at('key.json'), at('badge.json'), '00000001'),
    'jws-key': () => signed(at('claimed-key.json'), `${base}/ob/signed/badge.json`, '00000002'),
    'jws-owner': () => signed(at('own-key.json'), at('own-badge.json'), '00000003'),
  };
  const doc = docs[file]?.();
  if (doc === undefined) send(404, 'not found');
  else if (doc instanceof Promise) send(200, await doc, { 'content-type': 'text/plain' });
  else send(200, JSON.stringify(doc), json);
  return true;
}
