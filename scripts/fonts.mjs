// Copies the Noto Sans faces the share image and the PDF certificate draw with into public/fonts,
// and writes a manifest of the Unicode ranges each file covers. The CJK families come in about a
// hundred slices each, so a render loads only the slices its text needs (stack notes: fonts are
// static assets, never bundled into the Worker). Run by `npm run build` and before the tests.
// The same families are also written as web fonts for pages (public/fonts/web, see webFonts below).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricsFont, widthGroups } from './lib/metrics-font.mjs';
import { woffToSfnt } from './lib/woff.mjs';

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

/**
 * Writes `text` unless the file already holds it. The tests read public/ while the build runs
 * beside them (scripts/test.mjs), and a file rewritten in place is briefly empty.
 */
function writeIfChanged(path, text) {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

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
    const file = woff.replace(/\.woff$/, '.ttf');
    const target = join(out, file);
    if (!existsSync(target)) writeFileSync(target, woffToSfnt(readFileSync(join(dir, 'files', woff))));
    files.push({ family: key, file, ranges: parseRanges(range) });
  }
}
writeIfChanged(join(out, 'manifest.json'), JSON.stringify({ weight: WEIGHT, files }));
console.log(`fonts: ${files.length} files in ${out}`);

// Web fonts: one stylesheet per set, each face a woff2 file with the fontsource slice's
// unicode-range, so a browser downloads only the slices whose characters a page shows. Latin comes
// from the system font. Base.astro links `common` on every page and the CJK set of the page's
// language; src/client/script-fonts.ts adds a CJK set when the page shows text in another one.
// Families are named `Lanyard …` so that no installed font of the same name can stand in for one
// (global.css lists them first; an installed font there would draw Latin and block the swap).
const WEB_WEIGHTS = [400, 700];
const CJK_SLICE = /-\d+-\d+-normal/;
const WEB_SETS = {
  common: [
    { pkg: 'noto-sans-thai', family: 'Lanyard Noto Sans Thai', slice: /-thai-\d+-normal/ },
    { pkg: 'noto-sans-bengali', family: 'Lanyard Noto Sans Bengali', slice: /-bengali-\d+-normal/ },
  ],
  jp: [{ pkg: 'noto-sans-jp', family: 'Lanyard Noto Sans JP', slice: CJK_SLICE, from: 0x2000 }],
  kr: [{ pkg: 'noto-sans-kr', family: 'Lanyard Noto Sans KR', slice: CJK_SLICE, from: 0x2000 }],
  sc: [{ pkg: 'noto-sans-sc', family: 'Lanyard Noto Sans SC', slice: CJK_SLICE, from: 0x2000 }],
  tc: [{ pkg: 'noto-sans-tc', family: 'Lanyard Noto Sans TC', slice: CJK_SLICE, from: 0x2000 }],
};

/**
 * A unicode-range without the code points below `from`: the CJK slices also carry accented Latin,
 * Greek and Cyrillic, which the system font draws without a download (Vietnamese in the footer
 * would otherwise fetch a Chinese slice on every Chinese page).
 */
function rangeFrom(range, from) {
  const kept = parseRanges(range)
    .filter(([, b]) => b >= from)
    .map(([a, b]) => [Math.max(a, from), b]);
  return kept.map(([a, b]) => `U+${a.toString(16)}${a === b ? '' : `-${b.toString(16)}`}`).join(',');
}
// The footer names every language in its own script. Drawn from whole slices they cost an English
// page about 280 KB; these subsets of just those characters (shaping tables kept, so Bengali and
// Thai still join) cost about 7 KB. The family is used by the language menu only.
const NAMES_FAMILY = 'Lanyard Language Names';
const NAME_SOURCES = {
  ja: 'noto-sans-jp/files/noto-sans-jp-japanese-400-normal.woff2',
  'zh-cn': 'noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff2',
  ko: 'noto-sans-kr/files/noto-sans-kr-korean-400-normal.woff2',
  'zh-tw': 'noto-sans-tc/files/noto-sans-tc-chinese-traditional-400-normal.woff2',
  th: 'noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2',
  'bn-BD': 'noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2',
};

const face = (family, weight, file, range) =>
  `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:swap;` +
  `src:url(${file}) format('woff2');unicode-range:${range}}`;

/** The native language names, read from the module the footer renders them from. */
function nativeNames() {
  const source = readFileSync(join('src', 'i18n', 'native-names.ts'), 'utf8');
  return Object.fromEntries([...source.matchAll(/^\s*'?([\w-]+)'?: '([^']+)',$/gm)].map((m) => [m[1], m[2]]));
}

const hexRange = (cps) => cps.map((cp) => `U+${cp.toString(16)}`).join(',');

/** One tiny face per non-Latin language name; each claims only characters no earlier name did. */
async function nameFaces(web) {
  const names = nativeNames();
  const claimed = new Set();
  const faces = [];
  for (const [lang, source] of Object.entries(NAME_SOURCES)) {
    const text = names[lang];
    if (!text) throw new Error(`no native name for ${lang} in src/i18n/native-names.ts`);
    const cps = [...new Set([...text].map((c) => c.codePointAt(0)))].filter((cp) => cp > 0x7f && !claimed.has(cp));
    cps.forEach((cp) => claimed.add(cp));
    const hash = createHash('sha256').update(`${source}\0${text}`).digest('hex').slice(0, 10);
    const file = `names-${lang.toLowerCase()}-${hash}.woff2`;
    if (!existsSync(join(web, file))) {
      const { default: subsetFont } = await import('subset-font');
      const full = readFileSync(join('node_modules', '@fontsource', source));
      writeFileSync(join(web, file), await subsetFont(full, text, { targetFormat: 'woff2' }));
    }
    if (cps.length) faces.push(face(NAMES_FAMILY, 400, file, hexRange(cps)));
  }
  return faces;
}

/**
 * The Worker's map of a CJK set (issue 23, src/server/web-fonts): which slice covers which code
 * points, so a page can declare just the faces its own text needs instead of linking the whole
 * set's stylesheet (about 60 KB gzip of @font-face rules, render-blocking). `ranges` is flat:
 * start, end, slice number; sorted and disjoint.
 */
function sliceMap(set, family, pkg, blocks, metrics) {
  const ranges = [];
  for (const { file, kept } of blocks) {
    const slice = Number(/-(\d+)-400-normal\.woff2$/.exec(file)?.[1] ?? NaN);
    if (!Number.isInteger(slice)) continue;
    for (const [a, b] of parseRanges(kept)) ranges.push([a, b, slice]);
  }
  ranges.sort((x, y) => x[0] - y[0]);
  ranges.forEach((r, i) => {
    if (i > 0 && r[0] <= ranges[i - 1][1]) throw new Error(`${set}: slices overlap at U+${r[0].toString(16)}`);
  });
  return { family, file: `${pkg}-{slice}-{weight}-normal.woff2`, weights: WEB_WEIGHTS, metrics, ranges: ranges.flat() };
}

/**
 * The set's metrics font (scripts/lib/metrics-font.mjs): the advance of every character the set's
 * regular slices draw, and their vertical metrics. Reading 100-odd slices takes a second or two, so
 * the file is named by what it is made from and only built when missing.
 */
async function metricsFile(web, set, pkg, files) {
  const version = JSON.parse(readFileSync(join('node_modules', '@fontsource', pkg, 'package.json'), 'utf8')).version;
  const builder = readFileSync(join('scripts', 'lib', 'metrics-font.mjs'));
  const key = createHash('sha256').update(`${pkg}@${version}\0`).update(builder).digest('hex').slice(0, 10);
  const name = `metrics-${set}-${key}.ttf`;
  if (existsSync(join(web, name))) return name;
  const { create } = await import('fontkit');
  const advances = new Map();
  let real;
  for (const file of files) {
    const font = create(readFileSync(join(web, file)));
    real ??= font;
    for (const cp of font.characterSet) if (cp >= 0x2000) advances.set(cp, font.glyphForCodePoint(cp).advanceWidth);
  }
  const os2 = real['OS/2'];
  const bytes = metricsFont({
    family: 'Lanyard CJK Metrics',
    unitsPerEm: real.unitsPerEm,
    groups: widthGroups(advances),
    metrics: {
      ascender: real.hhea.ascent,
      descender: real.hhea.descent,
      lineGap: real.hhea.lineGap,
      typoAscender: os2.typoAscender,
      typoDescender: os2.typoDescender,
      typoLineGap: os2.typoLineGap,
      winAscent: os2.winAscent,
      winDescent: os2.winDescent,
    },
  });
  writeFileSync(join(web, name), bytes);
  return name;
}

async function webFonts() {
  const web = join(out, 'web');
  mkdirSync(web, { recursive: true });
  let count = 0;
  for (const [set, families] of Object.entries(WEB_SETS)) {
    const faces = set === 'common' ? await nameFaces(web) : [];
    for (const { pkg, family, slice, from = 0 } of families) {
      const dir = join('node_modules', '@fontsource', pkg);
      const byWeight = WEB_WEIGHTS.map((weight) =>
        readFileSync(join(dir, `${weight}.css`), 'utf8')
          .split('@font-face')
          .slice(1)
          .map((block) => {
            const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1];
            const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
            const kept = range && rangeFrom(range, from);
            return file && kept && slice.test(file) ? { weight, file, kept } : null;
          })
          .filter(Boolean),
      );
      // Each slice's weights side by side: their unicode-ranges are the same text, which gzip then
      // sends once (a whole weight apart, they were beyond its 32 KB window).
      const blocks = byWeight[0].flatMap((_, i) => byWeight.map((w) => w[i]).filter(Boolean));
      for (const { weight, file, kept } of blocks) {
        if (!existsSync(join(web, file))) copyFileSync(join(dir, 'files', file), join(web, file));
        faces.push(face(family, weight, file, kept));
        count++;
      }
      if (set !== 'common') {
        const regular = byWeight[0];
        const metrics = await metricsFile(
          web,
          set,
          pkg,
          regular.map((b) => b.file),
        );
        writeIfChanged(join(web, `${set}.json`), JSON.stringify(sliceMap(set, family, pkg, regular, metrics)));
      }
    }
    writeIfChanged(join(web, `${set}.css`), `${faces.join('\n')}\n`);
  }
  console.log(`fonts: ${count} web font faces in ${web}`);
}

await webFonts();
