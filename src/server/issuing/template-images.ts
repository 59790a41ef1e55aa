import { PDFDocument } from '@pdfme/pdf-lib';
import { AppError } from '../errors';
import { crc32 } from '../openbadges/baking/crc32';
import { ACAD_LIMITS } from './templates';

/*
 * Template images (logo, signature, seal) are printed into PDFs, so they are PNG or JPEG, the two
 * formats a PDF embeds natively; an SVG or anything else is refused (E415105). The type comes from
 * the bytes, never a name. Metadata is dropped (a signature scan's EXIF can carry a location).
 */

export type TemplateImageType = 'png' | 'jpeg';
export interface CheckedImage {
  type: TemplateImageType;
  width: number;
  height: number;
  /** The picture without its metadata chunks or segments: what is stored and printed. */
  bytes: Uint8Array;
}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG chunks kept: the image and how to show its colours; text, EXIF and ICC profiles go. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'sRGB', 'cHRM']);
/** Legal PNG colour type -> bit depths (PNG spec, table 11.1). */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

const u32 = (b: Uint8Array, i: number) =>
  (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)) >>> 0;
const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A PNG with every chunk whole and its CRC right, IHDR first, IDAT present, IEND last; else null. */
function parsePng(b: Uint8Array): CheckedImage | null {
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
    // An animated PNG would print its first frame only, or not at all: refused.
    if (type === 'acTL') return null;
    if (type === 'IDAT') idat = true;
    if (PNG_KEEP.has(type)) kept.push(b.subarray(i, end));
    ended = type === 'IEND';
    i = end;
  }
  const [depth, colour, interlace] = [b[24] ?? 0, b[25] ?? 0, b[28] ?? 0];
  if (!ended || !idat || !PNG_DEPTHS[colour]?.includes(depth) || interlace > 1) return null;
  return { type: 'png', width: u32(b, 16), height: u32(b, 20), bytes: concat(kept) };
}

/** Start-of-frame markers (baseline, progressive, lossless...): their header holds the size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG whose segments are whole up to the scan, with a frame header and an end marker; else null. */
function parseJpeg(b: Uint8Array): CheckedImage | null {
  if (b[0] !== 0xff || b[1] !== 0xd8 || b.at(-2) !== 0xff || b.at(-1) !== 0xd9) return null;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  let width = 0;
  let height = 0;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xda) {
      kept.push(b.subarray(i));
      return width && height ? { type: 'jpeg', width, height, bytes: concat(kept) } : null;
    }
    const len = u16(b, i + 2);
    const end = i + 2 + len;
    if (len < 2 || end > b.length) return null;
    if (SOF.has(marker)) [height, width] = [u16(b, i + 5), u16(b, i + 7)];
    // APP1-APP13, APP15 and comments are metadata (EXIF, XMP, ICC...); JFIF and Adobe's APP14 stay.
    const metadata = (marker >= 0xe1 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
    if (!metadata) kept.push(b.subarray(i, end));
    i = end;
  }
  return null;
}

/**
 * Checks one template image from its bytes: PNG or JPEG, whole, within the size limits, and
 * embeddable by the PDF library that will print it (so a PDF never fails later on this image).
 */
export async function checkTemplateImage(bytes: Uint8Array): Promise<CheckedImage> {
  if (bytes.byteLength > ACAD_LIMITS.imageMaxBytes)
    throw new AppError('E413100', { max: ACAD_LIMITS.imageMaxBytes / 1024 });
  const img = parsePng(bytes) ?? parseJpeg(bytes);
  if (!img) throw new AppError('E415105');
  const side = (n: number) => n >= ACAD_LIMITS.imageMinPx && n <= ACAD_LIMITS.imageMaxPx;
  if (!side(img.width) || !side(img.height)) throw new AppError('E415105');
  try {
    const pdf = await PDFDocument.create();
    await (img.type === 'png' ? pdf.embedPng(img.bytes) : pdf.embedJpg(img.bytes));
  } catch {
    throw new AppError('E415105');
  }
  return img;
}
