import { crc32 } from '../../../lib/bytes';
import { BakeError, LIMITS, type Unbaked } from './errors';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const KEYWORD = 'openbadges';
/** OB 3.0 baking names its chunk differently; a PNG may carry one badge under either keyword. */
const OB3_KEYWORD = 'openbadgecredential';
const KEYWORDS = new Set([KEYWORD, OB3_KEYWORD]);
const utf8 = new TextEncoder();

interface Chunk {
  type: string;
  /** Offset of the chunk's length field in the file. */
  start: number;
  /** Offset just past the chunk's CRC. */
  end: number;
  data: Uint8Array;
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * Walks every chunk, checking lengths against the file, every CRC, the IHDR position and size, and
 * the chunk counts. Pixels are never decoded, so no image can make us allocate its pixel size.
 */
function readChunks(bytes: Uint8Array): Chunk[] {
  if (bytes.length > LIMITS.maxBytes) throw new BakeError('too_large');
  if (!isPng(bytes)) throw new BakeError('unsupported_type');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  let text = 0;
  let pos = 8;
  while (pos < bytes.length) {
    if (pos + 12 > bytes.length) throw new BakeError('truncated');
    const length = view.getUint32(pos);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw new BakeError('truncated');
    const typeBytes = bytes.subarray(pos + 4, pos + 8);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(typeBytes, data) !== view.getUint32(pos + 8 + length)) throw new BakeError('bad_crc');
    const type = String.fromCharCode(...typeBytes);
    if (type === 'tEXt' || type === 'iTXt' || type === 'zTXt' || type === 'iCCP') text++;
    if (chunks.length >= LIMITS.maxChunks || text > LIMITS.maxTextChunks) throw new BakeError('too_many_chunks');
    chunks.push({ type, start: pos, end, data });
    pos = end;
    if (type === 'IEND') break;
  }
  const ihdr = chunks[0];
  if (!ihdr || ihdr.type !== 'IHDR' || ihdr.data.length !== 13) throw new BakeError('bad_header');
  const dims = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, 8);
  const [w, h] = [dims.getUint32(0), dims.getUint32(4)];
  if (w === 0 || h === 0 || w > LIMITS.maxSide || h > LIMITS.maxSide) throw new BakeError('bad_header');
  if (chunks.at(-1)?.type !== 'IEND') throw new BakeError('truncated');
  return chunks;
}

/** The keyword of a text chunk (bytes up to the first NUL), or null when it has none. */
function keywordOf(data: Uint8Array): string | null {
  const nul = data.indexOf(0);
  return nul > 0 && nul < 80 ? String.fromCharCode(...data.subarray(0, nul)) : null;
}

/** Decodes an iTXt chunk: keyword, compression flag, method, language, translated keyword, text. */
function readItxt(data: Uint8Array): string {
  const k = data.indexOf(0);
  const flag = data[k + 1];
  if (flag !== 0) throw new BakeError('compressed');
  const lang = data.indexOf(0, k + 3);
  const translated = lang < 0 ? -1 : data.indexOf(0, lang + 1);
  if (lang < 0 || translated < 0) throw new BakeError('malformed');
  const text = data.subarray(translated + 1);
  if (text.length > LIMITS.maxPayloadBytes) throw new BakeError('too_large');
  return new TextDecoder('utf-8', { fatal: true }).decode(text);
}

const isText = (c: Chunk) => c.type === 'iTXt' || c.type === 'tEXt' || c.type === 'zTXt';

/**
 * Reads the one badge a PNG carries: OB 2.0 baking (one uncompressed iTXt "openbadges") or OB 3.0
 * (one uncompressed iTXt "openbadgecredential"). Both at once is refused like two of one (IMG-05).
 */
export function unbakePng(bytes: Uint8Array): Unbaked {
  const found = readChunks(bytes).filter((c) => isText(c) && KEYWORDS.has(keywordOf(c.data) ?? ''));
  if (found.length === 0) throw new BakeError('not_baked');
  if (found.length > 1) throw new BakeError('duplicate');
  const [chunk] = found as [Chunk];
  const ob3 = keywordOf(chunk.data) === OB3_KEYWORD;
  if (chunk.type === 'zTXt') throw new BakeError('compressed');
  if (chunk.type === 'tEXt') {
    // OB 3.0 allows only iTXt; a tEXt under its keyword is a malformed bake, not a legacy one.
    if (ob3) throw new BakeError('malformed');
    const text = new TextDecoder('latin1').decode(chunk.data.subarray(KEYWORD.length + 1));
    return { format: 'png', payload: text.trim(), legacy: true };
  }
  const payload = readItxt(chunk.data).trim();
  return ob3 ? { format: 'png', payload, ob3: true } : { format: 'png', payload };
}

function chunkBytes(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  const typeBytes = utf8.encode(type);
  view.setUint32(0, data.length);
  out.set(typeBytes, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(typeBytes, data));
  return out;
}

/**
 * Bakes a payload into a PNG under a keyword: any earlier badge chunk (either keyword) is removed,
 * and one uncompressed iTXt chunk is placed right after IHDR.
 */
function bakeUnder(bytes: Uint8Array, payload: string, keyword: string): Uint8Array<ArrayBuffer> {
  const chunks = readChunks(bytes);
  const text = utf8.encode(payload);
  if (text.length > LIMITS.maxPayloadBytes) throw new BakeError('too_large');
  // keyword NUL, compression flag 0, method 0, empty language NUL, empty translated keyword NUL
  const data = new Uint8Array(keyword.length + 5 + text.length);
  data.set(utf8.encode(keyword), 0);
  data.set(text, keyword.length + 5);
  const itxt = chunkBytes('iTXt', data);
  const kept = chunks.filter((c) => !(isText(c) && KEYWORDS.has(keywordOf(c.data) ?? '')));
  const size = 8 + itxt.length + kept.reduce((n, c) => n + (c.end - c.start), 0);
  const out = new Uint8Array(size);
  out.set(SIGNATURE, 0);
  let pos = 8;
  for (const [i, c] of kept.entries()) {
    out.set(bytes.subarray(c.start, c.end), pos);
    pos += c.end - c.start;
    if (i === 0) {
      out.set(itxt, pos);
      pos += itxt.length;
    }
  }
  return out;
}

/** OB 2.0: bakes an assertion (JSON or compact JWS) under the "openbadges" keyword. */
export function bakePng(bytes: Uint8Array, payload: string): Uint8Array<ArrayBuffer> {
  return bakeUnder(bytes, payload, KEYWORD);
}

/** OB 3.0: bakes a credential (JSON text or compact VC-JWT) under "openbadgecredential". */
export function bakeOb3Png(bytes: Uint8Array, payload: string): Uint8Array<ArrayBuffer> {
  return bakeUnder(bytes, payload, OB3_KEYWORD);
}
