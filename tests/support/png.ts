import { concatBytes, crc32 } from '../../src/lib/bytes';

const enc = new TextEncoder();

/** Builds one PNG chunk with a correct (or deliberately wrong) CRC, for hand-made test images. */
export function chunk(type: string, data: Uint8Array, badCrc = false): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(enc.encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, (crc32(enc.encode(type), data) ^ (badCrc ? 1 : 0)) >>> 0);
  return out;
}

export function ihdr(width: number, height: number): Uint8Array {
  const d = new Uint8Array(13);
  const v = new DataView(d.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  d.set([8, 6, 0, 0, 0], 8);
  return chunk('IHDR', d);
}

export const concat = (...parts: Uint8Array[]): Uint8Array => concatBytes(parts);

export const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
export const IEND = chunk('IEND', new Uint8Array());

/** A PNG made of the given chunks between IHDR and IEND; the pixel data is never decoded. */
export function png(width: number, height: number, ...middle: Uint8Array[]): Uint8Array {
  return concat(SIGNATURE, ihdr(width, height), ...middle, IEND);
}

/** A text chunk body: iTXt (optionally flagged compressed), tEXt or zTXt with the given keyword. */
export function textChunk(
  type: 'iTXt' | 'tEXt' | 'zTXt',
  keyword: string,
  text: string,
  compressed = false,
): Uint8Array {
  const k = enc.encode(keyword);
  const t = enc.encode(text);
  if (type === 'tEXt') return chunk(type, concat(k, Uint8Array.of(0), t));
  if (type === 'zTXt') return chunk(type, concat(k, Uint8Array.of(0, 0), t));
  return chunk(type, concat(k, Uint8Array.of(0, compressed ? 1 : 0, 0, 0, 0), t));
}
