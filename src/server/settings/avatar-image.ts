import { CONFIG } from '../config';

/**
 * Profile pictures (spec §5: png, jpg or jpeg; at most 5 MB; 250x250 to 3000x3000 px), read from
 * their headers only: nothing is decoded, so a header claiming 65535x65535 costs nothing (AV-02),
 * and the type comes from the bytes, never the name (AV-03). Metadata is removed by dropping the
 * chunks and segments that carry it (EXIF, XMP, ICC profiles, comments, text: AV-04).
 */
export type AvatarType = 'png' | 'jpeg';
export type AvatarProblem = 'type' | 'size' | 'dimensions';

const AVATAR = CONFIG.profileImage;

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG chunks kept: the image itself and how to show its colours; everything else is metadata. */
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'sRGB', 'cHRM']);

/** Reads past the end as 0, so a truncated header fails the checks instead of throwing. */
const at = (b: Uint8Array, i: number) => b[i] ?? 0;
const u32 = (b: Uint8Array, i: number) =>
  ((at(b, i) << 24) | (at(b, i + 1) << 16) | (at(b, i + 2) << 8) | at(b, i + 3)) >>> 0;
const u16 = (b: Uint8Array, i: number) => (at(b, i) << 8) | at(b, i + 1);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

interface Parsed {
  type: AvatarType;
  width: number;
  height: number;
  /** The picture without its metadata. */
  clean: Uint8Array;
}

function parsePng(b: Uint8Array): Parsed | null {
  if (!PNG_SIG.every((v, i) => b[i] === v) || ascii(b, 12, 4) !== 'IHDR') return null;
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const len = u32(b, i);
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + len;
    if (end > b.length) return null;
    // An animated PNG is not a profile picture.
    if (type === 'acTL') return null;
    if (PNG_KEEP.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return { type: 'png', width: u32(b, 16), height: u32(b, 20), clean: concat(parts) };
}

/** SOF markers (baseline, progressive, lossless...): the frame header holds the dimensions. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function parseJpeg(b: Uint8Array): Parsed | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  let width = 0;
  let height = 0;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = at(b, i + 1);
    if (marker === 0xda) {
      // Start of scan: the compressed image runs to the end.
      parts.push(b.subarray(i));
      break;
    }
    const len = u16(b, i + 2);
    const end = i + 2 + len;
    if (len < 2 || end > b.length) return null;
    if (SOF.has(marker)) {
      height = u16(b, i + 5);
      width = u16(b, i + 7);
    }
    // APP1-APP13 and APP15 (EXIF, XMP, ICC, Photoshop...) and comments go; JFIF (APP0) and Adobe's
    // colour transform (APP14) stay, because decoders need them.
    const metadata = (marker >= 0xe1 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
    if (!metadata) parts.push(b.subarray(i, end));
    i = end;
  }
  if (!width || !height) return null;
  return { type: 'jpeg', width, height, clean: concat(parts) };
}

export function inspectAvatar(bytes: Uint8Array, fileName: string): Parsed | AvatarProblem {
  if (!/\.(png|jpe?g)$/i.test(fileName)) return 'type';
  if (bytes.byteLength > AVATAR.maxBytes) return 'size';
  const parsed = parsePng(bytes) ?? parseJpeg(bytes);
  if (!parsed) return 'type';
  const ok = (n: number) => n >= AVATAR.minPx && n <= AVATAR.maxPx;
  return ok(parsed.width) && ok(parsed.height) ? parsed : 'dimensions';
}
