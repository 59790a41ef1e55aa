import {
  beginText,
  endText,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  setTextRise,
  showText,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  type RGB,
} from '@pdfme/pdf-lib';

/*
 * Text drawn with its OpenType positioning. pdf-lib shapes text with fontkit (so Bengali conjuncts
 * and reordered vowel signs get the right glyphs) but then draws every glyph at its plain advance,
 * dropping the GPOS offsets: a Bengali ra-phala (্র) landed after its consonant instead of under
 * it. Here a run whose layout moves glyphs is drawn as a TJ array whose numbers put each glyph
 * where fontkit placed it (and Ts raises or lowers the ones placed off the baseline); text that
 * needs no positioning (Latin, CJK, Thai) is drawn as before, one Tj.
 */

interface ShapedGlyph {
  id: number;
  advanceWidth: number;
}
interface Position {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface Layout {
  glyphs: ShapedGlyph[];
  positions: Position[];
  advanceWidth: number;
}

/** The parts of pdf-lib's subset embedder (6.1) used here; they are not in its public types. */
interface SubsetEmbedder {
  font: { unitsPerEm: number; layout(text: string, features?: unknown): Layout };
  fontFeatures?: unknown;
  subset: { includeGlyph(glyph: ShapedGlyph): number };
  glyphs: ShapedGlyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

const embedderOf = (font: PDFFont) => (font as unknown as { embedder: SubsetEmbedder }).embedder;

const layouts = new WeakMap<PDFFont, Map<string, Layout>>();
function layoutOf(font: PDFFont, text: string): Layout {
  let byText = layouts.get(font);
  if (!byText) layouts.set(font, (byText = new Map()));
  let l = byText.get(text);
  if (!l) {
    const e = embedderOf(font);
    l = e.font.layout(text, e.fontFeatures);
    byText.set(text, l);
  }
  return l;
}

/** Brahmic scripts (Devanagari to Sinhala): the shaper reorders and combines their glyphs. */
const REORDERED = /[\u0900-\u0DFF]/;

/** Whether a text must be drawn glyph by glyph: moved by GPOS, or in a script whose glyph order is not its text order. */
const positioned = (l: Layout, text: string) =>
  REORDERED.test(text) ||
  l.positions.some((p, i) => p.xOffset !== 0 || p.yOffset !== 0 || p.xAdvance !== l.glyphs[i]?.advanceWidth);

/** The width of a text as it is drawn (its positioned advances), in points. */
export function shapedWidth(font: PDFFont, text: string, size: number): number {
  const l = layoutOf(font, text);
  return (l.advanceWidth * size) / embedderOf(font).font.unitsPerEm;
}

/** The subset glyph code of one shaped glyph, registered as pdf-lib's own encodeText does. */
function code(e: SubsetEmbedder, glyph: ShapedGlyph): PDFHexString {
  const id = e.subset.includeGlyph(glyph);
  e.glyphs[id - 1] = glyph;
  e.glyphIdMap.set(glyph.id, id);
  e.glyphCache.invalidate();
  return PDFHexString.of(id.toString(16).padStart(4, '0'));
}

/** One font resource per page and font (pdf-lib's drawText adds a new one on every call). */
const fontKeys = new WeakMap<PDFPage, Map<PDFRef, PDFName>>();
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font.ref);
  if (!key) keys.set(font.ref, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Draws a text in one font at (x, y), placing every glyph where the shaper put it. */
export function drawShaped(page: PDFPage, font: PDFFont, text: string, size: number, x: number, y: number, color: RGB) {
  const l = layoutOf(font, text);
  const ops: PDFOperator[] = [
    pushGraphicsState(),
    beginText(),
    setFillingColor(color),
    setFontAndSize(fontKey(page, font), size),
    setTextMatrix(1, 0, 0, 1, x, y),
  ];
  if (!positioned(l, text)) ops.push(showText(font.encodeText(text)));
  else {
    const e = embedderOf(font);
    // Glyphs drawn in visual order (a Bengali vowel sign before its consonant) would be copied out
    // in that order; ActualText gives readers and extractors the text as written.
    const span = page.doc.context.obj({ ActualText: PDFHexString.fromText(text) });
    // pdf-lib's operator type omits dictionaries, which BDC takes and which serialise as any object.
    const props = span as unknown as PDFName;
    ops.push(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), props]));
    // TJ numbers are thousandths of an em, subtracted from the pen position.
    const k = 1000 / e.font.unitsPerEm;
    let items: (PDFHexString | number)[] = [];
    let rise = 0;
    let carry = 0;
    const flush = () => {
      if (items.length) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [page.doc.context.obj(items)]));
      items = [];
    };
    for (const [i, glyph] of l.glyphs.entries()) {
      const p = l.positions[i] ?? { xAdvance: glyph.advanceWidth, xOffset: 0, yOffset: 0 };
      const r = round((p.yOffset * size) / e.font.unitsPerEm);
      if (r !== rise) {
        flush();
        ops.push(setTextRise(r));
        rise = r;
      }
      const before = round(carry - p.xOffset * k);
      if (before !== 0) items.push(before);
      items.push(code(e, glyph));
      // After the glyph the pen has moved by its plain advance; it should be at its shaped one.
      carry = -(p.xAdvance - p.xOffset - glyph.advanceWidth) * k;
    }
    flush();
    if (rise !== 0) ops.push(setTextRise(0));
    ops.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}
