import { serverSecret } from '../openbadges/keys';
import { bytesToHex } from '../../lib/bytes';

export interface CodeBinding {
  accountId: string;
  purpose: 'add_email' | 'merge';
  /** What the code proves control of: the address being added, or the account being merged. */
  target: string;
}

const enc = new TextEncoder();

/**
 * The stored form of a code: HMAC-SHA-256 under a key derived from the server secret, over the
 * account, purpose and target as well, so a code for one of them proves nothing for another
 * (CODE-03) and a database leak does not reveal codes (CODE-04).
 */
export async function codeHash(env: Env, b: CodeBinding, code: string): Promise<string> {
  const raw = await crypto.subtle.digest(
    'SHA-256',
    new Uint8Array([...enc.encode('verification-code:'), ...serverSecret(env)]),
  );
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    enc.encode(`${b.accountId}\n${b.purpose}\n${b.target.toLowerCase()}\n${code}`),
  );
  return bytesToHex(new Uint8Array(mac));
}

/** Compares two hex digests without an early exit. */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
