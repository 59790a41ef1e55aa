import { env, exports } from 'cloudflare:workers';
import { CompactSign } from 'jose';
import { inject } from 'vitest';
import { BASE, SAME_ORIGIN } from './helpers';
import { recordReport } from '../support/report-snapshot';

/**
 * The reference validator's valid OB 2.0 hosted trio, and a signed badge built the same way, served
 * from the stand-in issuer's document store (tests/support/document-store.ts) under a path of the
 * test's choosing, so a test can verify mutated copies through POST Public/Verification.
 */
export type Obj = Record<string, unknown>;
export const SERVER = `http://127.0.0.1:${inject('issuerPort')}`;
/** The 2_0_basic trio's recipient: sha256("nobody@example.org" + "deadsea"). */
export const RECIPIENT = 'nobody@example.org';
const EXAMPLE = 'https://example.org/';
const OB = 'https://w3id.org/openbadges/v2';

export interface Trio {
  assertion: Obj;
  badge: Obj;
  issuer: Obj;
}
export interface SignedTrio extends Trio {
  key: Obj;
  list: Obj;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Every "https://example.org/" in the documents' strings moved under `base`. */
function rebase<T>(doc: T, base: string): T {
  return JSON.parse(JSON.stringify(doc).replaceAll(EXAMPLE, `${base}/`)) as T;
}

let core: Promise<Trio> | null = null;
/** The 2_0_basic trio as the fixtures hold it (names https://example.org/). */
export function coreTrio(): Promise<Trio> {
  const raw = async (n: string) =>
    (await (await fetch(`${SERVER}/raw/openbadges-validator-core/test_components/2_0_basic_${n}.json`)).json()) as Obj;
  core ??= Promise.all([raw('assertion'), raw('badgeclass'), raw('issuer')]).then(([assertion, badge, issuer]) => ({
    assertion,
    badge,
    issuer,
  }));
  return core.then(clone);
}

/** The trio rebased at /store/<name>; the files keep the fixture's names. */
export async function hostedTrio(name: string): Promise<Trio> {
  return rebase(await coreTrio(), `${SERVER}/store/${name}`);
}

/** Puts a document (JSON, or a string as it is) in the stand-in store. */
export async function put(path: string, body: unknown, type = 'application/ld+json'): Promise<void> {
  const res = await fetch(`${SERVER}${path}`, {
    method: 'PUT',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (res.status !== 204) throw new Error(`store ${path}: HTTP ${res.status}`);
}

/** Serves a hosted trio at /store/<name>/ and answers the assertion's URL. */
export async function serveHosted(name: string, trio: Trio): Promise<string> {
  const at = `/store/${name}`;
  await Promise.all([
    put(`${at}/beths-robotics-badge.json`, trio.assertion),
    put(`${at}/robotics-badge.json`, trio.badge),
    put(`${at}/organization.json`, trio.issuer),
  ]);
  return `${SERVER}${at}/beths-robotics-badge.json`;
}

const keys = crypto.subtle.generateKey(
  { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['sign', 'verify'],
) as Promise<CryptoKeyPair>;

async function publicPem(): Promise<string> {
  const der = new Uint8Array((await crypto.subtle.exportKey('spki', (await keys).publicKey)) as ArrayBuffer);
  const b64 = btoa(Array.from(der, (b) => String.fromCharCode(b)).join(''));
  return `-----BEGIN PUBLIC KEY-----\n${(b64.match(/.{1,64}/g) ?? []).join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** A valid signed badge on the same trio: the issuer lists a key and a revocation list. */
export async function signedTrio(name: string): Promise<SignedTrio> {
  const at = `${SERVER}/store/${name}`;
  const { assertion, badge, issuer } = await hostedTrio(name);
  return {
    issuer: { ...issuer, publicKey: `${at}/key.json`, revocationList: `${at}/revocations.json` },
    badge,
    key: {
      '@context': OB,
      type: 'CryptographicKey',
      id: `${at}/key.json`,
      owner: issuer['id'],
      publicKeyPem: await publicPem(),
    },
    list: {
      '@context': OB,
      type: 'RevocationList',
      id: `${at}/revocations.json`,
      issuer: issuer['id'],
      revokedAssertions: [{ id: 'urn:uuid:00000000-0000-4000-8000-00000000dead', revocationReason: 'Cheated.' }],
    },
    assertion: {
      ...assertion,
      id: `urn:uuid:5b1fd1c0-0000-4000-8000-${name.replace(/\W/g, '').slice(-12).padStart(12, '0')}`,
      verification: { type: 'SignedBadge', creator: `${at}/key.json` },
    },
  };
}

/** Signs any payload (an object, or text as it is) with the trio's key. */
export async function sign(payload: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return new CompactSign(bytes).setProtectedHeader({ alg: 'RS256' }).sign((await keys).privateKey);
}

/** Serves a signed trio's documents at /store/<name>/ and answers the assertion's compact JWS. */
export async function serveSigned(name: string, trio: SignedTrio): Promise<string> {
  const at = `/store/${name}`;
  await Promise.all([
    put(`${at}/robotics-badge.json`, trio.badge),
    put(`${at}/organization.json`, trio.issuer),
    put(`${at}/key.json`, trio.key),
    put(`${at}/revocations.json`, trio.list),
  ]);
  return sign(trio.assertion);
}

let client = 0;
/** The outbound allow list the Worker under test reads from env. */
export function allowStandIn() {
  (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = SERVER.replace('http://', '');
}

export interface Answer {
  http: number;
  json: Obj & {
    badge_pass?: boolean;
    verify_state?: string;
    verify_errors_code?: string[];
    verify_warnings_code?: string[];
    errors?: { code: string }[];
  };
}

/**
 * POST Public/Verification. Each call comes from another client address: the outbound throttle
 * (60 a minute per address) is not what these tests are about.
 */
export async function verifyCall(body: Obj): Promise<Answer> {
  client += 1;
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'CF-Connecting-IP': `198.18.${(client >> 8) & 255}.${client & 255}` },
    body: JSON.stringify({ verification_mail: [RECIPIENT], ...body }),
  });
  const text = await res.text();
  let json: Answer['json'];
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    json = { unparsable: text.slice(0, 200) };
  }
  recordReport(json, res.status);
  return { http: res.status, json };
}
