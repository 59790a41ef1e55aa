// Copies the Noto Sans faces the share image and the PDF certificate draw with into public/fonts,
// and writes a manifest of the Unicode ranges each file covers. The CJK families come in about a
// hundred slices each, so a render loads only the slices its text needs (stack notes: fonts are
// static assets, never bundled into the Worker). Run by `npm run build` and before the tests.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

const WEIGHT = 700;
// Priority order: the first family that covers a character draws it, unless a language says
// otherwise for Han characters (see src/server/fonts/pick.ts).
const FAMILIES = [
  { pkg: 'noto-sans', key: 'latin' },
  { pkg: 'noto-sans-thai', key: 'thai' },
  { pkg: 'noto-sans-bengali', key: 'bengali' },
  { pkg: 'noto-sans-jp', key: 'jp' },
  { pkg: 'noto-sans-kr', key: 'kr' },
  { pkg: 'noto-sans-sc', key: 'sc' },
  { pkg: 'noto-sans-tc', key: 'tc' },
];

const out = join('public', 'fonts');
mkdirSync(out, { recursive: true });

/**
 * WOFF 1.0 to plain TrueType/OpenType: the same tables, decompressed. Both satori and fontkit
 * parse WOFF by inflating every table on every render (the stack notes measured seconds for a
 * large face), so the files are unpacked once here instead.
 */
function woffToSfnt(woff) {
  const v = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (v.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 file');
  const flavor = v.getUint32(4);
  const numTables = v.getUint16(12);
  const tables = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((o) => v.getUint32(at + o));
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    tables.push({ tag, checksum, data });
  }
  const pad = (n) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const total = tables.reduce((sum, t) => sum + pad(t.data.length), headerSize);
  const out = new Uint8Array(total);
  const o = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  o.setUint32(0, flavor);
  o.setUint16(4, numTables);
  o.setUint16(6, searchRange);
  o.setUint16(8, entrySelector);
  o.setUint16(10, numTables * 16 - searchRange);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    o.setUint32(at, t.tag);
    o.setUint32(at + 4, t.checksum);
    o.setUint32(at + 8, offset);
    o.setUint32(at + 12, t.data.length);
    out.set(t.data, offset);
    offset += pad(t.data.length);
  });
  return out;
}

const parseRanges = (text) =>
  text.split(',').map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(a, 16), parseInt(b ?? a, 16)];
  });

const files = [];
for (const { pkg, key } of FAMILIES) {
  const dir = join('node_modules', '@fontsource', pkg);
  const css = readFileSync(join(dir, `${WEIGHT}.css`), 'utf8');
  for (const face of css.split('@font-face').slice(1)) {
    const woff = /url\(\.\/files\/([^)]+\.woff)\)/.exec(face)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
    if (!woff || !range) continue;
    const file = woff.replace(/\.woff$/, '.ttf');
    const target = join(out, file);
    if (!existsSync(target)) writeFileSync(target, woffToSfnt(readFileSync(join(dir, 'files', woff))));
    files.push({ family: key, file, ranges: parseRanges(range) });
  }
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify({ weight: WEIGHT, files }));
console.log(`fonts: ${files.length} files in ${out}`);
