/**
 * RFC 6238 time-based one-time codes (HMAC-SHA-1, 30-second steps, 6 digits: what every
 * authenticator app reads from an otpauth:// QR code), on WebCrypto so it runs in workerd with no
 * dependency. RFC 4648 base32 for the secret, as the otpauth format wants.
 */
export const STEP_SECONDS = 30;
export const DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 (RFC 4648, no padding) of bytes. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Bytes of a base32 string (case and spaces ignored); throws on any other character. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

/** The time step a moment (ms) falls in. */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS);

/** The code of one time step (RFC 4226 dynamic truncation). */
export async function codeAt(secret: string, step: number, digits = DIGITS): Promise<string> {
  const key = await crypto.subtle.importKey('raw', base32Decode(secret), { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ]);
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(step));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counter));
  const offset = (mac[19] ?? 0) & 15;
  const bin = new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

/**
 * The step whose code this is, looking one step back and one ahead (clock drift of a phone), or
 * null. Every candidate is computed, so the time taken does not say which one matched.
 */
export async function matchingStep(secret: string, code: string, now: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const here = stepAt(now);
  const steps = [here - 1, here, here + 1];
  const codes = await Promise.all(steps.map((s) => codeAt(secret, s)));
  let found: number | null = null;
  codes.forEach((c, i) => {
    if (c === code && found === null) found = steps[i] ?? null;
  });
  return found;
}

/** The otpauth:// URI an authenticator app reads from the QR code (issuer and account label). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const q = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}
