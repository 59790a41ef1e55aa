import { serverSecret } from '../openbadges/keys';
import { base64url } from '../auth/tokens';

const enc = new TextEncoder();

/**
 * HMAC-SHA-256 of `value` under a key derived from the server secret and `purpose`, base64url: a
 * value the server can recognise as its own, and nobody without the secret can make.
 */
export async function seal(env: Env, purpose: string, value: string): Promise<string> {
  const raw = await crypto.subtle.digest(
    'SHA-256',
    new Uint8Array([...enc.encode(`${purpose}:`), ...serverSecret(env)]),
  );
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(value))));
}

/** Compares two strings in time that depends only on their length. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
