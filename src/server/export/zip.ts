import { crc32 } from '../../lib/bytes';

/*
 * A minimal ZIP writer (PKWARE APPNOTE 4.3: local headers, central directory, end record; UTF-8
 * names, flag bit 11; no ZIP64). Written here rather than taken from fflate or client-zip because
 * an export is built across many queue invocations: its state (byte offset and the central
 * directory so far) must be saved between steps, and neither library's streaming object can be
 * saved and resumed. Compression uses the runtime's own CompressionStream('deflate-raw').
 */

/** Text is deflated; images and PDFs are stored as they are (already compressed). */
const DEFLATE_TYPES = /\.(json|html|svg|txt)$/;
const enc = new TextEncoder();
/** ZIP32 limits: an export stays well inside them (checked when an entry is added). */
export const ZIP_MAX_ENTRIES = 65_000;
export const ZIP_MAX_BYTES = 0xffff_fff0;

/** One file of the archive, as written: its local record and its central-directory record. */
export interface ZipRecord {
  local: Uint8Array;
  central: Uint8Array;
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A fixed timestamp in MS-DOS form (date, time): the export's date, so the archive is reproducible. */
export function dosTime(ms: number): { date: number; time: number } {
  const d = new Date(ms);
  const date = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  const time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1);
  return { date, time };
}

/** Encodes one entry that will start at byte `offset` of the archive. */
export async function zipRecord(name: string, data: Uint8Array, offset: number, at: number): Promise<ZipRecord> {
  const nameBytes = enc.encode(name);
  const deflated = DEFLATE_TYPES.test(name) ? await deflateRaw(data) : null;
  const useDeflate = deflated !== null && deflated.length < data.length;
  const body = useDeflate ? deflated : data;
  const crc = crc32(data);
  const { date, time } = dosTime(at);
  const local = new Uint8Array(30 + nameBytes.length + body.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true); // version needed: 2.0
  lv.setUint16(6, 0x0800, true); // UTF-8 names
  lv.setUint16(8, useDeflate ? 8 : 0, true);
  lv.setUint16(10, time, true);
  lv.setUint16(12, date, true);
  lv.setUint32(14, crc, true);
  lv.setUint32(18, body.length, true);
  lv.setUint32(22, data.length, true);
  lv.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  local.set(body, 30 + nameBytes.length);

  const central = new Uint8Array(46 + nameBytes.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 0x0314, true); // made by: Unix, 2.0 (so permissions below are read)
  cv.setUint16(6, 20, true);
  cv.setUint16(8, 0x0800, true);
  cv.setUint16(10, useDeflate ? 8 : 0, true);
  cv.setUint16(12, time, true);
  cv.setUint16(14, date, true);
  cv.setUint32(16, crc, true);
  cv.setUint32(20, body.length, true);
  cv.setUint32(24, data.length, true);
  cv.setUint16(28, nameBytes.length, true);
  cv.setUint32(38, 0o100644 << 16, true); // a plain, readable file
  cv.setUint32(42, offset, true);
  central.set(nameBytes, 46);
  return { local, central };
}

/** The end-of-central-directory record for `count` entries whose directory starts at `offset`. */
export function zipEnd(count: number, directorySize: number, offset: number): Uint8Array {
  const end = new Uint8Array(22);
  const v = new DataView(end.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, count, true);
  v.setUint16(10, count, true);
  v.setUint32(12, directorySize, true);
  v.setUint32(16, offset, true);
  return end;
}
