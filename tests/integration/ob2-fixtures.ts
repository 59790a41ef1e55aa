import { CompactSign } from 'jose';
import { inject } from 'vitest';
import { put } from './badge-trio';

/**
 * The OB 2.0 conformance fixtures (tests/fixtures/conformance) as conformance.test.ts serves them:
 * their list, their text from the stand-in's /raw/, documents put in its store under a fresh
 * folder (whose base a test maps the fixtures' hosts onto), and a signing key for the
 * specification's signed badge.
 */
export type Obj = Record<string, unknown>;
const SERVER = `http://127.0.0.1:${inject('issuerPort')}`;
export const SPEC = 'openbadges-specification/ob_v2p0-examples/';
export const CORE = 'openbadges-validator-core/test_components/';

/** Every OB 2.0 fixture file, by its path under tests/fixtures/conformance (nothing is loaded). */
export const OB2_FIXTURES = Object.keys(
  import.meta.glob([
    '../fixtures/conformance/openbadges-specification/ob_v2p0-examples/*',
    '../fixtures/conformance/openbadges-validator-core/**/*',
  ]),
).map((p) => p.replace('../fixtures/conformance/', ''));

export async function fixtureText(path: string): Promise<string> {
  const res = await fetch(`${SERVER}/raw/${path}`);
  if (!res.ok) throw new Error(`fixture ${path}: HTTP ${res.status}`);
  return res.text();
}
export const fixtureJson = async (path: string) => JSON.parse(await fixtureText(path)) as Obj;

let n = 0;
/** Puts documents (a fixture's text as it is, or JSON) in a fresh store folder; answers its base URL. */
export async function serveAll(docs: Record<string, string | Obj>): Promise<string> {
  n += 1;
  const at = `/store/ob2fx-${Date.now().toString(36)}-${n}/`;
  await Promise.all(Object.entries(docs).map(([file, doc]) => put(`${at}${file}`, doc)));
  return `${SERVER}${at}`;
}

/**
 * A fresh RSA key as the CryptographicKey document `keyId` names (owned by `owner`), and a signer
 * of compact RS256 JWSs with it: the specification's issuer (examples-03) names a public key and a
 * revocation list, but the examples give no key, so the tests make one.
 */
export async function signingKey(keyId: string, owner: string) {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const der = new Uint8Array((await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer);
  const b64 = btoa(Array.from(der, (b) => String.fromCharCode(b)).join(''));
  const publicKeyPem = `-----BEGIN PUBLIC KEY-----\n${(b64.match(/.{1,64}/g) ?? []).join('\n')}\n-----END PUBLIC KEY-----\n`;
  return {
    key: { '@context': 'https://w3id.org/openbadges/v2', type: 'CryptographicKey', id: keyId, owner, publicKeyPem },
    sign: (payload: Obj) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'RS256' })
        .sign(pair.privateKey),
  };
}
