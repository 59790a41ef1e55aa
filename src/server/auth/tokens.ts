import { base64url } from '../../lib/base64';

// Written once in lib/base64.ts; named here for the token code that uses it.
export { base64url };
import { bytesToHex } from '../../lib/bytes';

/** Random secrets and their stored digests: tokens are kept only as SHA-256 (security guide SES-01). */
export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  return base64url(buf);
}

/** 128-bit random public ids (AZ-02): unguessable, URL-safe, 22 characters. */
export function newId(): string {
  return randomToken(16);
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return bytesToHex(new Uint8Array(digest));
}
