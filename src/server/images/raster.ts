import { concatBytes, crc32 } from '../../lib/bytes';

/*
 * PNG and JPEG read from their structure only, for the pictures people upload (profile pictures,
 * certificate template images): nothing is decoded, so a header claiming 65535x65535 costs nothing
 * (AV-02), and the type comes from the bytes, never a name (AV-03). Metadata goes by dropping the
 * chunks and segments that carry it (EXIF, XMP, ICC profiles, comments, text: AV-04; a signature
 * scan's EXIF can carry a location). Written once for both uses (issue 36).
 */

export type RasterType = 'png' | 'jpeg';
export interface Raster {
  type: RasterType;
  width: number;
  height: number;
  /** The picture without its metadata chunks or segments. */
  clean: Uint8Array;
}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG chunks kept: the image itself and how to show its colours; everything else is metadata. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'sRGB', 'cHRM']);
/** Legal PNG colour type -> bit depths (PNG spec, table 11.1). */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** Reads past the end as 0, so a truncated header fails the checks instead of throwing. */
const at = (b: Uint8Array, i: number) => b[i] ?? 0;
const u32 = (b: Uint8Array, i: number) =>
  ((at(b, i) << 24) | (at(b, i + 1) << 16) | (at(b, i + 2) << 8) | at(b, i + 3)) >>> 0;
const u16 = (b: Uint8Array, i: number) => (at(b, i) << 8) | at(b, i + 1);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/**
 * A still PNG with every chunk whole and its CRC right, IHDR first, IDAT present, IEND last and a
 * legal colour type and depth; else null. An animated PNG (acTL) is refused: it is neither a
 * profile picture nor printable.
 */
export function readPng(b: Uint8Array): Raster | null {
  if (!PNG_SIG.every((v, i) => b[i] === v) || ascii(b, 12, 4) !== 'IHDR' || u32(b, 8) !== 13) return null;
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  let idat = false;
  let ended = false;
  while (i + 12 <= b.length && !ended) {
    const len = u32(b, i);
    const end = i + 12 + len;
    if (len > 0x7fffffff || end > b.length) return null;
    const type = ascii(b, i + 4, 4);
    if (crc32(b.subarray(i + 4, i + 8 + len)) !== u32(b, i + 8 + len)) return null;
    if (type === 'acTL') return null;
    if (type === 'IDAT') idat = true;
    if (PNG_KEEP.has(type)) kept.push(b.subarray(i, end));
    ended = type === 'IEND';
    i = end;
  }
  const [depth, colour, interlace] = [at(b, 24), at(b, 25), at(b, 28)];
  if (!ended || !idat || !PNG_DEPTHS[colour]?.includes(depth) || interlace > 1) return null;
  return { type: 'png', width: u32(b, 16), height: u32(b, 20), clean: concatBytes(kept) };
}

/** Start-of-frame markers (baseline, progressive, lossless...): their header holds the size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG whose segments are whole up to the scan, with a frame header; else null. */
export function readJpeg(b: Uint8Array): Raster | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  let width = 0;
  let height = 0;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = at(b, i + 1);
    if (marker === 0xda) {
      // Start of scan: the compressed image runs to the end.
      kept.push(b.subarray(i));
      return width && height ? { type: 'jpeg', width, height, clean: concatBytes(kept) } : null;
    }
    const len = u16(b, i + 2);
    const end = i + 2 + len;
    if (len < 2 || end > b.length) return null;
    if (SOF.has(marker)) [height, width] = [u16(b, i + 5), u16(b, i + 7)];
    // APP1-APP13 and APP15 (EXIF, XMP, ICC, Photoshop...) and comments go; JFIF (APP0) and Adobe's
    // colour transform (APP14) stay, because decoders need them.
    const metadata = (marker >= 0xe1 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
    if (!metadata) kept.push(b.subarray(i, end));
    i = end;
  }
  return null;
}

/** A PNG or a JPEG, read as above; else null. */
export const readRaster = (b: Uint8Array): Raster | null => readPng(b) ?? readJpeg(b);
