import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from '@pdfme/pdf-lib';

/** One text-showing operation of a page: the text it draws, and whether a glyph was missing. */
export interface Shown {
  text: string;
  missingGlyph: boolean;
}

const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/[0-9a-f]{4}/gi) ?? []).map((unit) => parseInt(unit, 16)));

/** A ToUnicode CMap as pdf-lib writes it (bfchar lines), glyph code to text. */
function parseCmap(source: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of source.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? [])
    for (const [, glyph = '', text = ''] of block.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi))
      map.set(glyph.toLowerCase(), utf16(text));
  return map;
}

const streamText = (s: PDFRawStream) => new TextDecoder('latin1').decode(decodePDFRawStream(s).decode());

/** The content operators of a PDF's page (the first unless told), decoded, and its fonts' ToUnicode maps. */
async function pageContent(bytes: Uint8Array, pageIndex: number) {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(pageIndex).node;
  const fonts = page.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const cmaps = new Map<string, Map<string, string>>();
  for (const [name, ref] of fonts?.entries() ?? []) {
    const unicode = doc.context.lookup(ref, PDFDict).lookup(PDFName.of('ToUnicode'));
    if (unicode instanceof PDFRawStream) cmaps.set(name.toString().slice(1), parseCmap(streamText(unicode)));
  }
  const contents = page.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const ops = streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map(streamText)
    .join('\n');
  return { ops, cmaps };
}

/** The decoded content operators of a page: to check how text is drawn (Tj, TJ, ActualText). */
export async function pageOperators(bytes: Uint8Array, pageIndex = 0): Promise<string> {
  return (await pageContent(bytes, pageIndex)).ops;
}

/**
 * The text a PDF's page (the first unless told) draws, in drawing order, read back through each font's ToUnicode
 * map: what a copy-and-paste or a screen reader gets (for tests; handles pdf-lib's own output).
 */
export async function pdfPageText(bytes: Uint8Array, pageIndex = 0): Promise<Shown[]> {
  const { ops, cmaps } = await pageContent(bytes, pageIndex);
  const shown: Shown[] = [];
  let cmap = new Map<string, string>();
  // Tj shows one string; TJ an array of strings and spacing numbers (glyphs placed one by one).
  for (const m of ops.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\[([^\]]*)\]\s*TJ/g)) {
    if (m[1]) cmap = cmaps.get(m[1]) ?? new Map();
    else {
      const hex = m[3] === undefined ? (m[2] ?? '') : [...m[3].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      const glyphs: string[] = hex.toLowerCase().match(/.{4}/g) ?? [];
      shown.push({ text: glyphs.map((g) => cmap.get(g) ?? '').join(''), missingGlyph: glyphs.includes('0000') });
    }
  }
  return shown;
}
