/**
 * The bit strings behind BitstringStatusList and StatusList2021: base64url text (BitstringStatusList
 * adds the multibase prefix `u`) of a GZIP stream of bits, bit 0 being the high bit of byte 0.
 */

/** The most a list may inflate to: 16 MiB holds 134 million one-bit entries; more is a zip bomb. */
export const MAX_LIST_BYTES = 16 * 1024 * 1024;

export type Bits = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** The bytes of base64url text (padding allowed), or undefined when it is not base64url at all. */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  const bare = text.replace(/=+$/, '');
  if (!BASE64URL.test(text) || bare.length % 4 === 1) return undefined;
  const b64 = bare.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** GZIP-inflated bytes, read in chunks so that a stream past `max` is given up on, not held. */
export async function gunzip(bytes: Uint8Array<ArrayBuffer>, max = MAX_LIST_BYTES): Promise<Bits> {
  if (bytes.length < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return { ok: false, reason: 'not GZIP data' };
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > max) {
        await reader.cancel();
        return { ok: false, reason: `the list inflates past ${max} bytes` };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'the GZIP stream is broken' };
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { ok: true, bytes: out };
}

/**
 * The bits of an `encodedList`: with `multibase`, the text must start with `u` (base64url, the only
 * base BitstringStatusList allows); without it, it is plain base64url (StatusList2021).
 */
export async function decodeEncodedList(encoded: unknown, multibase: boolean): Promise<Bits> {
  if (typeof encoded !== 'string' || encoded === '') return { ok: false, reason: 'encodedList is missing' };
  let text = encoded;
  if (multibase) {
    if (!text.startsWith('u')) return { ok: false, reason: 'encodedList is not multibase base64url (no "u" prefix)' };
    text = text.slice(1);
  }
  const bytes = base64urlBytes(text);
  if (!bytes) return { ok: false, reason: 'encodedList is not base64url' };
  return gunzip(bytes);
}

/** The bit at `index` (0 is the high bit of the first byte), or undefined past the list's end. */
export function bitAt(bytes: Uint8Array, index: number): 0 | 1 | undefined {
  const byte = bytes[Math.floor(index / 8)];
  if (byte === undefined) return undefined;
  return ((byte >> (7 - (index % 8))) & 1) as 0 | 1;
}
