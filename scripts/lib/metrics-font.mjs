// A "metrics font" (issue 23, Lighthouse CLS): a tiny TrueType font whose glyphs are empty but
// advance exactly as far as a real CJK web font's glyphs for the same characters, with the same
// vertical metrics. Pages list it after every other family: while a Noto CJK slice is still on its
// way, a browser with no CJK font of its own lays the text out with these blanks instead of boxes
// from its last-resort font, so nothing moves when the slice arrives and is swapped in.
//
// Built by hand (no font tool can map thousands of characters to a handful of glyphs): cmap
// format 13 maps each range of characters to the one glyph with their advance width.

const u16 = (n) => [(n >> 8) & 0xff, n & 0xff];
const i16 = (n) => u16(n < 0 ? n + 0x10000 : n);
const u32 = (n) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const tag = (s) => [...s].map((c) => c.charCodeAt(0));

/** The .notdef glyph: one closed rectangle (OTS wants a non-empty glyf table); all others are empty. */
const NOTDEF = [...i16(1), ...i16(50), ...i16(0), ...i16(450), ...i16(700), ...u16(3), ...u16(0)]
  .concat([1, 1, 1, 1])
  .concat([...i16(50), ...i16(400), ...i16(0), ...i16(-400)])
  .concat([...i16(0), ...i16(0), ...i16(700), ...i16(0)]);

function checksum(bytes) {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4)
    sum = (sum + (((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0)) >>> 0;
  return sum;
}

const pad4 = (bytes) => bytes.concat(new Array((4 - (bytes.length % 4)) % 4).fill(0));

/** A name table with the family name in the Windows Unicode records. */
function nameTable(family) {
  const names = [
    [1, family],
    [2, 'Regular'],
    [3, `${family} Regular`],
    [4, family],
    [6, family.replace(/[^A-Za-z0-9-]/g, '')],
  ];
  const strings = names.map(([, s]) => [...s].flatMap((c) => u16(c.charCodeAt(0))));
  const header = [...u16(0), ...u16(names.length), ...u16(6 + names.length * 12)];
  let offset = 0;
  const records = names.flatMap(([id], i) => {
    const r = [...u16(3), ...u16(1), ...u16(0x409), ...u16(id), ...u16(strings[i].length), ...u16(offset)];
    offset += strings[i].length;
    return r;
  });
  return [...header, ...records, ...strings.flat()];
}

/**
 * The font's bytes. `groups` are disjoint, sorted ranges of code points with the advance width
 * (in units of `unitsPerEm`) the real font gives them; `metrics` copies the real font's vertical
 * metrics (hhea, OS/2 typo and win values), so line boxes come out the same height.
 */
export function metricsFont({ family, unitsPerEm = 1000, groups, metrics }) {
  const widths = [...new Set(groups.map((g) => g.width))].sort((a, b) => a - b);
  const glyphOf = new Map(widths.map((w, i) => [w, i + 1]));
  const numGlyphs = widths.length + 1;
  const maxWidth = Math.max(500, ...widths);
  const first = Math.min(0xffff, groups[0]?.start ?? 0x20);
  const last = Math.min(0xffff, groups.at(-1)?.end ?? 0x20);

  const head = [
    ...u32(0x00010000),
    ...u32(0x00010000),
    ...u32(0),
    ...u32(0x5f0f3cf5),
    ...u16(0x000b),
    ...u16(unitsPerEm),
    ...u32(0),
    ...u32(0),
    ...u32(0),
    ...u32(0), // created, modified: fixed, so a build is reproducible
    ...i16(50),
    ...i16(0),
    ...i16(450),
    ...i16(700),
    ...u16(0),
    ...u16(8),
    ...i16(2),
    ...i16(0),
    ...i16(0),
  ];
  const hhea = [
    ...u32(0x00010000),
    ...i16(metrics.ascender),
    ...i16(metrics.descender),
    ...i16(metrics.lineGap),
    ...u16(maxWidth),
    ...i16(0),
    ...i16(0),
    ...i16(500),
    ...i16(1),
    ...i16(0),
    ...i16(0),
    ...i16(0),
    ...i16(0),
    ...i16(0),
    ...i16(0),
    ...i16(0),
    ...u16(numGlyphs),
  ];
  const maxp = [...u32(0x00010000), ...u16(numGlyphs), ...u16(4), ...u16(1)].concat(
    [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0].flatMap((n) => u16(n)),
  );
  const os2 = [
    ...u16(4),
    ...i16(1000),
    ...u16(400),
    ...u16(5),
    ...u16(0),
    ...i16(650),
    ...i16(600),
    ...i16(0),
    ...i16(75),
    ...i16(650),
    ...i16(600),
    ...i16(0),
    ...i16(350),
    ...i16(50),
    ...i16(300),
    ...i16(0),
    ...new Array(10).fill(0),
    ...u32(0),
    ...u32(0),
    ...u32(0),
    ...u32(0),
    ...tag('NONE'),
    ...u16(0x0040),
    ...u16(first),
    ...u16(last),
    ...i16(metrics.typoAscender),
    ...i16(metrics.typoDescender),
    ...i16(metrics.typoLineGap),
    ...u16(metrics.winAscent),
    ...u16(metrics.winDescent),
    ...u32(0),
    ...u32(0),
    ...i16(0),
    ...i16(0),
    ...u16(0),
    ...u16(0x20),
    ...u16(0),
  ];
  const hmtx = [[500, 50], ...widths.map((w) => [w, 0])].flatMap(([w, lsb]) => [...u16(w), ...i16(lsb)]);
  const glyf = pad4(NOTDEF);
  const loca = [0, glyf.length / 2, ...widths.map(() => glyf.length / 2)].flatMap((n) => u16(n));
  const sub13 = [
    ...u16(13),
    ...u16(0),
    ...u32(16 + groups.length * 12),
    ...u32(0),
    ...u32(groups.length),
    ...groups.flatMap((g) => [...u32(g.start), ...u32(g.end), ...u32(glyphOf.get(g.width))]),
  ];
  const cmap = [...u16(0), ...u16(1), ...u16(3), ...u16(10), ...u32(12), ...sub13];
  const post = [...u32(0x00030000), ...u32(0), ...i16(-75), ...i16(50)].concat(new Array(20).fill(0));

  const tables = Object.entries({
    'OS/2': os2,
    cmap,
    glyf,
    head,
    hhea,
    hmtx,
    loca,
    maxp,
    name: nameTable(family),
    post,
  }).sort(([a], [b]) => (a < b ? -1 : 1));
  const count = tables.length;
  const selector = Math.floor(Math.log2(count));
  let offset = 12 + count * 16;
  const directory = [...u32(0x00010000), ...u16(count), ...u16(16 * 2 ** selector), ...u16(selector)];
  directory.push(...u16(count * 16 - 16 * 2 ** selector));
  const bodies = [];
  for (const [name, data] of tables) {
    directory.push(...tag(name.padEnd(4)), ...u32(checksum(pad4(data))), ...u32(offset), ...u32(data.length));
    bodies.push(...pad4(data));
    offset += pad4(data).length;
  }
  const bytes = Uint8Array.from([...directory, ...bodies]);
  // head.checkSumAdjustment: the whole font sums to 0xB1B0AFBA.
  const view = new DataView(bytes.buffer);
  const headIndex = tables.findIndex(([name]) => name === 'head');
  const headAt = view.getUint32(12 + headIndex * 16 + 8);
  view.setUint32(headAt + 8, (0xb1b0afba - checksum([...bytes])) >>> 0);
  return bytes;
}

/**
 * Ranges of equal advance from a map of code point -> advance width. Gaps of up to `gap` code
 * points between two runs of the same width are filled (the page's unicode-range decides which
 * characters ever reach the font, so a filled gap costs nothing and saves a group).
 */
export function widthGroups(advances, gap = 64) {
  const groups = [];
  for (const cp of [...advances.keys()].sort((a, b) => a - b)) {
    const width = advances.get(cp);
    const prev = groups.at(-1);
    if (prev && prev.width === width && cp - prev.end <= gap) prev.end = cp;
    else groups.push({ start: cp, end: cp, width });
  }
  return groups;
}
