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
 * The last few compact JWS read, by their text: a PDF's attachment is read to tell whether it
 * still is one, for whose badge it is, for its format and for its signature, and each of those
 * reads the same text (issue 36: the PDF's credential is decoded once). Four texts of at most
 * 512 KiB each bound what it holds.
 */
const recent = new Map<string, ParsedJws | null>();
const RECENT_MAX = 4;

function decodeCompact(compact: string): ParsedJws | null {
  const parts = compact.split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return null;
  const [h = '', p = '', s = ''] = parts;
  const dec = new TextDecoder('utf-8', { fatal: true });
  try {
    const header = parseBadgeJson(dec.decode(decodeSegment(h)));
    const payload = parseBadgeJson(dec.decode(decodeSegment(p)));
    return { header, payload, signingInput: new TextEncoder().encode(`${h}.${p}`), signature: decodeSegment(s) };
  } catch {
    return null;
  }
}

/**
 * A compact JWS (or JWT) read once: three canonical base64url segments whose header and payload
 * are JSON objects, or null when it is not one. Nothing is checked about its algorithm or keys.
 */
export function readCompact(text: string): ParsedJws | null {
  const compact = text.trim();
  if (compact.length > MAX_JWS) return null;
  if (recent.has(compact)) return recent.get(compact) ?? null;
  const read = decodeCompact(compact);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(compact, read);
  return read;
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
  const read = readCompact(compact);
  if (!read) throw new BadJws(whyUnread(parts));
  if (read.header['alg'] !== 'RS256') throw new BadJws('algorithm');
  if (['jku', 'x5u', 'jwk', 'x5c', 'crit'].some((k) => k in read.header)) throw new BadJws('header');
  return read;
}

/** Why a three-part JWS did not read (only for the refusal's reason): its encoding, header or payload. */
function whyUnread([h = '', p = '']: string[]): BadJws['reason'] {
  const dec = new TextDecoder('utf-8', { fatal: true });
  try {
    parseBadgeJson(dec.decode(decodeSegment(h)));
  } catch (err) {
    return err instanceof BadJws ? err.reason : 'header';
  }
  try {
    parseBadgeJson(dec.decode(decodeSegment(p)));
  } catch (err) {
    return err instanceof BadJws ? err.reason : 'payload';
  }
  return 'encoding';
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
  const read = readCompact(text);
  return read !== null && typeof read.header['alg'] === 'string' && read.signature.length > 0;
}
