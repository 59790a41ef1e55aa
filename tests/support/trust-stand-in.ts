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
 * - `redirected.json`: no forgery; its badge class names the stand-in's issuer by an address that
 *   redirects to it, so the profile declares the address it was answered from.
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
    // Not forged: the badge class names the stand-in's real issuer through a redirect.
    'redirected.json': () =>
      assertion(at('redirected.json'), { badge: at('redirected-badge.json'), verification: hosted }),
    'redirected-badge.json': () => badge(`${base}/redirect?to=${encodeURIComponent('/ob/issuer.json')}`),
  };
  const doc = docs[file]?.();
  if (doc === undefined) send(404, 'not found');
  else if (doc instanceof Promise) send(200, await doc, { 'content-type': 'text/plain' });
  else send(200, JSON.stringify(doc), json);
  return true;
}

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
/** The rotating issuer's two keys: the first until `/ob/rotating/rotate` is asked, then the second. */
const rotation = [pair(), pair()];
let current = 0;
/** Per list shape, whether the revoking issuer has revoked its badge yet. */
const revoked = new Set<string>();
const revokingKey = pair();

/**
 * Two signed-badge issuers whose documents change while tests run:
 * - `/ob/rotating/…`: one key URL whose key is replaced when `/ob/rotating/rotate` is asked;
 *   `jws` answers a badge signed with the key of the moment.
 * - `/ob/revoking/<shape>/…`: `jws` answers a badge; after `revoke`, its revocation list names it
 *   in that shape: `object` (one entry, not in an array), `string` (its id alone), `strings` and
 *   `objects` (arrays of either).
 */
export async function changingStandIn(path: string, base: string, send: Send): Promise<boolean> {
  const m = /^\/ob\/(rotating|revoking)\/(?:(object|string|strings|objects)\/)?([\w.-]+)$/.exec(path);
  if (!m) return false;
  const [, who = '', shape = '', file = ''] = m;
  const at = (f: string) => `${base}/ob/${who}/${shape ? `${shape}/` : ''}${f}`;
  const keys = who === 'rotating' ? rotation[current] : revokingKey;
  if (!keys) return false;
  const id = `urn:uuid:7e7e7e7e-0000-4000-8000-${who === 'rotating' ? `r${current}` : shape.padEnd(2, '-').slice(0, 2)}0000000001`;
  const entry = { id, revocationReason: 'Issued in error.' };
  const listed: Record<string, unknown> = { object: entry, string: id, strings: [id], objects: [entry] };
  const docs: Record<string, () => object | Promise<string>> = {
    'issuer.json': () => ({
      '@context': OB,
      type: 'Issuer',
      id: at('issuer.json'),
      name: who === 'rotating' ? 'Rotating Institute' : 'Revoking Institute',
      url: base,
      email: 'badges@example.test',
      publicKey: at('key.json'),
      ...(who === 'revoking' ? { revocationList: at('list.json') } : {}),
    }),
    'key.json': () => ({
      '@context': OB,
      type: 'CryptographicKey',
      id: at('key.json'),
      owner: at('issuer.json'),
      publicKeyPem: pem(keys.publicKey),
    }),
    'badge.json': () => ({
      '@context': OB,
      type: 'BadgeClass',
      id: at('badge.json'),
      name: 'Changing Badge',
      description: 'Issued while things change.',
      image: `${base}/ob/badge.png`,
      criteria: { narrative: 'Wait.' },
      issuer: at('issuer.json'),
    }),
    'list.json': () => ({
      '@context': OB,
      type: 'RevocationList',
      id: at('list.json'),
      issuer: at('issuer.json'),
      revokedAssertions: revoked.has(shape) ? listed[shape] : [],
    }),
    jws: () =>
      sign(
        {
          '@context': OB,
          type: 'Assertion',
          id,
          recipient: LEARNER,
          badge: at('badge.json'),
          issuedOn: '2025-01-01T00:00:00Z',
          verification: { type: 'SignedBadge', creator: at('key.json') },
        },
        keys.privateKey,
      ),
  };
  if (file === 'rotate' || file === 'revoke') {
    if (file === 'rotate') current = (current + 1) % rotation.length;
    else revoked.add(shape);
    send(204, '');
    return true;
  }
  const doc = docs[file]?.();
  if (doc === undefined) send(404, 'not found');
  else if (doc instanceof Promise) send(200, await doc, { 'content-type': 'text/plain' });
  else send(200, JSON.stringify(doc), json);
  return true;
}

/** How many requests each `/ob/vc/<name>` address has had. */
const seen = new Map<string, number>();

/**
 * Addresses standing in for the ids of credentials that are not Open Badges 2.0 (OB 3.0,
 * Blockcerts, other JSON): `/ob/vc/<name>` counts each request and answers 404, and
 * `/ob/vc-seen/<name>` tells how many there were, so a test can tell that nothing fetched them.
 */
export function credentialIds(path: string, send: Send): boolean {
  const m = /^\/ob\/(vc|vc-seen)\/([\w.-]+)$/.exec(path);
  if (!m) return false;
  const [, what, name = ''] = m;
  if (what === 'vc') {
    seen.set(name, (seen.get(name) ?? 0) + 1);
    send(404, 'not found');
  } else send(200, JSON.stringify({ seen: seen.get(name) ?? 0 }), { 'content-type': 'application/json' });
  return true;
}

/**
 * Hosted badges whose issuer profile sets `verification.allowedOrigins` to something that is not a
 * host name (HV-21): `/ob/origins/<case>/a.json`, with `port` (this server's host:port, which a
 * plain string comparison with the assertion's host would accept), `url` (a whole URL) and `list`
 * (a host name and a host:port).
 */
export function originStandIn(path: string, base: string, send: Send): boolean {
  const m = /^\/ob\/origins\/(port|url|list)\/([\w.-]+)$/.exec(path);
  if (!m) return false;
  const [, c = '', file = ''] = m;
  const at = (f: string) => `${base}/ob/origins/${c}/${f}`;
  const host = new URL(base).host;
  const allowed: Record<string, unknown> = { port: host, url: `${base}/`, list: ['badges.example', host] };
  const docs: Record<string, object> = {
    'a.json': {
      '@context': OB,
      type: 'Assertion',
      id: at('a.json'),
      recipient: LEARNER,
      badge: at('badge.json'),
      issuedOn: '2025-01-01T00:00:00Z',
      verification: { type: 'HostedBadge' },
    },
    'badge.json': {
      '@context': OB,
      type: 'BadgeClass',
      id: at('badge.json'),
      name: 'Ported Badge',
      description: 'Hosted where a port says.',
      image: `${base}/ob/badge.png`,
      criteria: { narrative: 'None.' },
      issuer: at('issuer.json'),
    },
    // The profile lives elsewhere, so only its policy could make the assertion's origin allowed.
    'issuer.json': {
      '@context': OB,
      type: 'Issuer',
      id: at('issuer.json'),
      name: 'Port Institute',
      url: base,
      email: 'badges@example.test',
      verification: { type: 'VerificationObject', allowedOrigins: allowed[c] },
    },
  };
  const doc = docs[file];
  if (doc) send(200, JSON.stringify(doc), json);
  else send(404, 'not found');
  return true;
}
