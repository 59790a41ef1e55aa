import { base64url } from '../../lib/base64';

/**
 * RSA 3072-bit keys (security guide JWS-06: at least 2048; ASVS prefers 3072 for 128-bit strength,
 * and signing cost stays a few milliseconds). RS256 = RSASSA-PKCS1-v1_5 with SHA-256.
 */
export const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 3072,
  publicExponent: Uint8Array.of(1, 0, 1),
  hash: 'SHA-256',
} as const;

/** Development-only key so `npm start` works with nothing configured; production must set a secret. */
const DEV_KEY = 'bGFueWFyZC1kZXZlbG9wbWVudC1rZXktbm90LXNlY3JldCE';

/** The server's master secret (KEY_ENCRYPTION_KEY), raw; a fixed one outside production only. */
export function serverSecret(env: Pick<Env, 'ENVIRONMENT'> & { KEY_ENCRYPTION_KEY?: string }): Uint8Array<ArrayBuffer> {
  const secret = env.KEY_ENCRYPTION_KEY ?? (env.ENVIRONMENT === 'production' ? undefined : DEV_KEY);
  if (!secret) throw new Error('KEY_ENCRYPTION_KEY is not set');
  return fromB64url(secret);
}

/** The AES-256-GCM key that encrypts issuers' private keys at rest, from KEY_ENCRYPTION_KEY. */
async function wrappingKey(env: Pick<Env, 'ENVIRONMENT'> & { KEY_ENCRYPTION_KEY?: string }): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest('SHA-256', serverSecret(env));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

function fromB64url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = btoa(String.fromCharCode(...new Uint8Array(der)));
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)?.join('\n')}\n-----END ${label}-----\n`;
}

export interface IssuerKeyMaterial {
  publicKeyPem: string;
  privateKeyEnc: string;
}

/**
 * Seals private key bytes for storage ("v1.<iv>.<data>", AES-256-GCM under KEY_ENCRYPTION_KEY): the
 * one form every issuer private key is kept in (RSA here, Ed25519 for OB 3.0 in ob3/issue).
 */
export async function sealPrivateKey(
  env: Parameters<typeof wrappingKey>[0],
  bytes: ArrayBuffer | Uint8Array<ArrayBuffer>,
) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await wrappingKey(env), bytes);
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** Opens what sealPrivateKey sealed (throws on another format or a wrong master secret). */
export async function unsealPrivateKey(env: Parameters<typeof wrappingKey>[0], enc: string): Promise<ArrayBuffer> {
  const [version, iv, data] = enc.split('.');
  if (version !== 'v1' || !iv || !data) throw new Error('unknown private key format');
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64url(iv) }, await wrappingKey(env), fromB64url(data));
}

/** Makes a key pair: the public key as PEM for the CryptographicKey, the private key encrypted. */
export async function createIssuerKey(env: Parameters<typeof wrappingKey>[0]): Promise<IssuerKeyMaterial> {
  const pair = (await crypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const spki = (await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer;
  const pkcs8 = (await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer;
  return { publicKeyPem: pem('PUBLIC KEY', spki), privateKeyEnc: await sealPrivateKey(env, pkcs8) };
}

/** Decrypts a stored private key into a signing-only CryptoKey (never exportable again). */
export async function openIssuerKey(env: Parameters<typeof wrappingKey>[0], privateKeyEnc: string): Promise<CryptoKey> {
  const pkcs8 = await unsealPrivateKey(env, privateKeyEnc);
  return crypto.subtle.importKey('pkcs8', pkcs8, { name: RSA.name, hash: RSA.hash }, false, ['sign']);
}
