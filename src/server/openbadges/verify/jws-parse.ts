import { parseBadgeJson } from '../../verdict/safe-json';

export class BadJws extends Error {
  constructor(readonly reason: 'shape' | 'encoding' | 'algorithm' | 'header' | 'payload') {
    super(`JWS refused (${reason})`);
    this.name = 'BadJws';
  }
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const MAX_JWS = 512 * 1024;

/** Canonical base64url only: no padding, no "+" or "/", and no stray bits in the last character. */
function decodeSegment(s: string): Uint8Array<ArrayBuffer> {
  if (!SEGMENT.test(s) || s.length % 4 === 1) throw new BadJws('encoding');
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const back = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  if (back !== s) throw new BadJws('encoding');
  return bytes;
}

export interface ParsedJws {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** The exact signing input and signature, for the RS256 check against the issuer's key. */
  signingInput: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
}

/**
 * Reads a compact JWS of a signed badge before any key is involved: three segments, canonical
 * base64url, RS256 and nothing else (JWS-01, JWS-02, JWS-06). Header keys that point at other keys
 * (jku, x5u, jwk, x5c) are refused: the key comes only from the issuer's profile (JWS-03).
 */
export function parseJws(text: string): ParsedJws {
  const compact = text.trim();
  if (compact.length > MAX_JWS) throw new BadJws('shape');
  const parts = compact.split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) throw new BadJws('shape');
  const [h = '', p = '', s = ''] = parts;
  const dec = new TextDecoder('utf-8', { fatal: true });
  let header: Record<string, unknown>;
  try {
    header = parseBadgeJson(dec.decode(decodeSegment(h)));
  } catch (err) {
    throw err instanceof BadJws ? err : new BadJws('header');
  }
  if (header['alg'] !== 'RS256') throw new BadJws('algorithm');
  if (['jku', 'x5u', 'jwk', 'x5c', 'crit'].some((k) => k in header)) throw new BadJws('header');
  let payload: Record<string, unknown>;
  try {
    payload = parseBadgeJson(dec.decode(decodeSegment(p)));
  } catch (err) {
    throw err instanceof BadJws ? err : new BadJws('payload');
  }
  return {
    header,
    payload,
    signingInput: new TextEncoder().encode(`${h}.${p}`),
    signature: decodeSegment(s),
  };
}

/** Whether a string looks like a compact JWS at all (three base64url segments). */
export const looksLikeJws = (text: string) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(text.trim());

/**
 * Whether a compact JWS (or JWT) still reads as one, whatever its algorithm: three canonical
 * base64url segments whose header (naming its `alg`, which RFC 7515 requires) and payload are JSON
 * objects. A signed credential that fails this was damaged or changed in transit, which a PDF's
 * attachment tells apart from "no credential".
 */
export function jwsReadable(text: string): boolean {
  const parts = text.trim().split('.');
  if (parts.length !== 3 || text.length > MAX_JWS) return false;
  const dec = new TextDecoder('utf-8', { fatal: true });
  try {
    const [h = '', p = '', s = ''] = parts;
    if (typeof parseBadgeJson(dec.decode(decodeSegment(h)))['alg'] !== 'string') return false;
    parseBadgeJson(dec.decode(decodeSegment(p)));
    return decodeSegment(s).length > 0;
  } catch {
    return false;
  }
}
