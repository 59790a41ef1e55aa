import { inflateRawSync } from 'node:zlib';
import { AppError } from '../errors';
import { crc32 } from '../../lib/bytes';

/**
 * Reading an uploaded export (issue 22 import). Everything is checked from the central directory
 * before a single byte is inflated, so a refused archive costs no inflation and writes nothing:
 * names that could leave the archive's folder (path traversal), too many entries, a declared
 * total or ratio of a zip bomb. Inflation itself stops at the declared size, so an entry that
 * lies about its size costs no more than it declared (issue 33).
 */
export const UNZIP_LIMITS = {
  maxEntries: 20_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
  /** Deflate reaches ~1030:1 on zeros; real exports (JSON, PNG) stay far below this. */
  maxRatio: 100,
} as const;

export interface ArchiveEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const dec = new TextDecoder('utf-8', { fatal: true });

/** A name an extractor would write outside its folder, or that no file system agrees on. */
export function unsafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 255 || /[\0\\:]/.test(name) || name.startsWith('/')) return true;
  return name.split('/').some((part, i, all) => part === '..' || part === '.' || (part === '' && i < all.length - 1));
}

/** Reads and checks the central directory; throws E422171 (names), E413171 (bomb) or E422172 (not a ZIP). */
export function listArchive(zip: Uint8Array, limits = UNZIP_LIMITS): ArchiveEntry[] {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (v.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw new AppError('E422172');
  const count = v.getUint16(end + 10, true);
  if (count > limits.maxEntries) throw new AppError('E413171');
  const entries: ArchiveEntry[] = [];
  let total = 0;
  let at = v.getUint32(end + 16, true);
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || v.getUint32(at, true) !== 0x02014b50) throw new AppError('E422172');
    const flags = v.getUint16(at + 8, true);
    const method = v.getUint16(at + 10, true);
    const n = v.getUint16(at + 28, true);
    let name: string;
    try {
      name = dec.decode(zip.subarray(at + 46, at + 46 + n));
    } catch {
      throw new AppError('E422171');
    }
    const entry = {
      name,
      method,
      crc: v.getUint32(at + 16, true),
      compressedSize: v.getUint32(at + 20, true),
      size: v.getUint32(at + 24, true),
      offset: v.getUint32(at + 42, true),
    };
    if (unsafeEntryName(name)) throw new AppError('E422171');
    // Encrypted entries, ZIP64 markers and methods other than stored/deflate are not an export's.
    if (flags & 1 || (method !== 0 && method !== 8) || entry.size === 0xffffffff) throw new AppError('E422172');
    total += entry.size;
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (total > limits.maxTotalBytes || entry.size > limits.maxEntryBytes || ratio > limits.maxRatio)
      throw new AppError('E413171');
    entries.push(entry);
    at += 46 + n + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  if (new Set(entries.map((e) => e.name)).size !== entries.length) throw new AppError('E422172');
  return entries;
}

/**
 * Inflates one listed entry, never past its declared size: an entry that holds more is E413171, a
 * wrong size or CRC E422172. Inflated by the runtime's zlib (node:zlib, built into workerd), whose
 * output cap stops the inflater itself, 16 KB of output at a time. The runtime's
 * DecompressionStream cannot do that: it inflates all of a written chunk before a reader sees a
 * byte and has no backpressure, so 1 MB of deflated zeros became 1 GB inside workerd however early
 * the reader stopped (measured for issue 33).
 */
export function readEntry(zip: Uint8Array, e: ArchiveEntry): Uint8Array {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (e.offset + 30 > zip.length || v.getUint32(e.offset, true) !== 0x04034b50) throw new AppError('E422172');
  const start = e.offset + 30 + v.getUint16(e.offset + 26, true) + v.getUint16(e.offset + 28, true);
  const body = zip.subarray(start, start + e.compressedSize);
  if (body.length !== e.compressedSize) throw new AppError('E422172');
  let out: Uint8Array = body;
  if (e.method === 8) {
    try {
      // The cap is at least 1 (zlib's rule), so an entry declared empty stops at its first byte.
      out = inflateRawSync(body, { maxOutputLength: Math.max(1, e.size) });
    } catch (err) {
      // RangeError: more than it declared, a bomb that lied in its header. Anything else: damaged.
      throw new AppError(err instanceof RangeError ? 'E413171' : 'E422172');
    }
  }
  if (out.length !== e.size || crc32(out) !== e.crc) throw new AppError('E422172');
  return out;
}
