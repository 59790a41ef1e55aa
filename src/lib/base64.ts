/** Standard base64 of bytes, built in 32 KB slices (spreading a whole image would overflow the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Base64 is decoded this many characters at a time (a multiple of 4, so no slice splits a group). */
const SLICE = 0x10000;

/**
 * Bytes of standard base64, or null when it is not base64 (ASCII whitespace is allowed, as atob
 * allows it). Decoded in slices: a large upload never exists as one binary string, nor as a list of
 * its characters, which `Uint8Array.from(atob(...), ...)` builds first (8 bytes a byte: 120 MB of
 * heap for a 15 MB ZIP).
 */
export function base64ToBytes(b64: string): Uint8Array | null {
  const text = /[^A-Za-z0-9+/=]/.test(b64) ? b64.replace(/[\t\n\f\r ]+/g, '') : b64;
  const out = new Uint8Array(Math.ceil(text.length / 4) * 3);
  let n = 0;
  try {
    for (let at = 0; at < text.length; at += SLICE) {
      const bin = atob(text.slice(at, at + SLICE));
      for (let i = 0; i < bin.length; i++) out[n++] = bin.charCodeAt(i);
    }
  } catch {
    return null;
  }
  return out.subarray(0, n);
}

/** Unpadded base64url (RFC 4648 §5), as JOSE, WebAuthn and signed cookies write bytes. */
export function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
