// Copies the Noto Sans faces the share image and the PDF certificate draw with into public/fonts,
// and writes a manifest of the Unicode ranges each file covers. The CJK families come in about a
// hundred slices each, so a render loads only the slices its text needs (stack notes: fonts are
// static assets, never bundled into the Worker). Run by `npm run build` and before the tests.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
    const target = join(out, woff);
    if (!existsSync(target)) copyFileSync(join(dir, 'files', woff), target);
    files.push({ family: key, file: woff, ranges: parseRanges(range) });
  }
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify({ weight: WEIGHT, files }));
console.log(`fonts: ${files.length} files in ${out}`);
