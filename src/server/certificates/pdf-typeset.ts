import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from '@pdfme/pdf-lib';
import * as fontkit from 'fontkit';
import { fontRunsFor } from '../fonts/load';
import { drawShaped, shapedWidth } from '../fonts/pdf-shaping';

/** A piece of text drawn with one font (the PDF has no per-glyph fallback). */
export type Run = { text: string; font: PDFFont };
export type Line = Run[];

export const INK = rgb(0.12, 0.16, 0.22);
export const MUTED = rgb(0.35, 0.4, 0.47);

/** Text as drawn: control characters and line breaks become spaces (a field is one paragraph). */
const clean = (text: string) =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const segmenters = new Map<string, Intl.Segmenter>();
function segments(text: string, lang: string, by: 'word' | 'grapheme'): string[] {
  const key = `${lang}:${by}`;
  let s = segmenters.get(key);
  if (!s) segmenters.set(key, (s = new Intl.Segmenter(lang, { granularity: by })));
  return [...s.segment(text)].map((x) => x.segment);
}

/** PostScript names of the font files, read once per isolate (the files never change). */
const postscriptNames = new Map<string, string>();

/**
 * The name a subset font carries: a six-letter tag, "+", and the face's PostScript name (PDF 32000
 * 9.6.4), so readers and preflight tools see it is a subset. The tag comes from the file's name,
 * so printing the same document again gives the same bytes.
 */
function subsetName(file: string, data: ArrayBuffer): string {
  let ps = postscriptNames.get(file);
  if (!ps) {
    // fontkit reads a Uint8Array as pdf-lib gives it; its typings ask for a Node Buffer.
    const font = fontkit.create(new Uint8Array(data) as unknown as Buffer) as { postscriptName?: string | null };
    ps = (font.postscriptName ?? file.replace(/\W+/g, '')).replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '');
    postscriptNames.set(file, ps);
  }
  let h = 2166136261;
  for (const ch of file) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i += 1, h = Math.floor(h / 26)) tag += String.fromCharCode(65 + (h % 26));
  return `${tag}+${ps}`;
}

export const widthOf = (line: Line, size: number) => line.reduce((n, r) => n + shapedWidth(r.font, r.text, size), 0);

/**
 * Text into runs of embedded fonts for one PDF: each font slice (src/server/fonts) is embedded once,
 * as a subset (stack notes: fontkit 2, always subset), the first time a character needs it.
 */
export function typesetter(env: Env, doc: PDFDocument, lang: string) {
  const fonts = new Map<string, Promise<PDFFont>>();
  const known = new Map<string, Promise<Line>>();
  /** The runs of a text, worked out once per text and document (fitting measures the same text often). */
  function runs(text: string): Promise<Line> {
    let r = known.get(text);
    if (!r) known.set(text, (r = split(text)));
    return r;
  }
  async function split(text: string): Promise<Line> {
    const found = await fontRunsFor(env, text, lang);
    return Promise.all(
      found.map(async (r) => {
        let f = fonts.get(r.file);
        if (!f)
          fonts.set(r.file, (f = doc.embedFont(r.data, { subset: true, customName: subsetName(r.file, r.data) })));
        return { text: r.text, font: await f };
      }),
    );
  }

  /**
   * The whole text in lines of at most `max` points: broken between words, and inside a word
   * (between clusters, never inside a Thai or Bengali one) only when that word alone is wider than
   * a line. Nothing is clipped. A text that fits is one line, measured once.
   */
  async function lines(text: string, size: number, max: number): Promise<Line[]> {
    const t = clean(text);
    if (!t) return [];
    const fits = async (s: string) => widthOf(await runs(s.trimEnd()), size) <= max;
    if (await fits(t)) return [await runs(t)];
    const out: string[] = [];
    let current = '';
    for (const word of segments(t, lang, 'word')) {
      if (await fits(current + word)) {
        current += word;
        continue;
      }
      if (current.trim()) out.push(current.trim());
      current = word.trimStart();
      // A word wider than a line on its own: as many clusters as fit, then the rest on the next.
      while (current && !(await fits(current))) {
        const g = segments(current, lang, 'grapheme');
        let lo = 1;
        let hi = g.length - 1;
        while (lo < hi) {
          const mid = Math.ceil((lo + hi) / 2);
          if (await fits(g.slice(0, mid).join(''))) lo = mid;
          else hi = mid - 1;
        }
        out.push(g.slice(0, lo).join('').trim());
        current = g.slice(lo).join('').trimStart();
      }
    }
    if (current.trim()) out.push(current.trim());
    return Promise.all(out.map((l) => runs(l)));
  }

  /**
   * A field printed whole (issue 35): on one line at `size` when it fits, else a little smaller
   * (down to 85 %) if that keeps it on one line, else wrapped into at most `maxLines` lines, made
   * smaller (down to `minSize`) as needed; a text longer than even that takes as many lines as it
   * needs at `minSize`. Never clipped: the caller makes room for the lines it gets.
   */
  async function whole(
    text: string,
    size: number,
    max: number,
    { maxLines = 2, minSize = Math.max(6, size * 0.7) }: { maxLines?: number; minSize?: number } = {},
  ): Promise<{ size: number; lines: Line[] }> {
    for (const s of [size, size * 0.92, size * 0.85]) {
      const l = await lines(text, s, max);
      if (l.length <= 1) return { size: s, lines: l };
    }
    for (let s = size; s >= minSize; s -= 0.5) {
      const l = await lines(text, s, max);
      if (l.length <= maxLines) return { size: s, lines: l };
    }
    return { size: minSize, lines: await lines(text, minSize, max) };
  }

  return { runs, lines, whole };
}

/** A block of lines at one size, as `whole` gives it. */
export type Block = { size: number; lines: Line[] };

/** The distance between two baselines of a block. */
export const leading = (size: number) => Math.round(size * 1.25 * 10) / 10;

/** The height a block takes: its lines and the gaps between them (0 for no line). */
export const blockHeight = (b: Block) => (b.lines.length ? b.size + (b.lines.length - 1) * leading(b.size) : 0);

export type Typesetter = ReturnType<typeof typesetter>;

/** Draws a line of runs from x; returns its width. */
export function drawLine(page: PDFPage, line: Line, size: number, x: number, y: number, color: RGB = INK): number {
  let at = x;
  for (const r of line) {
    if (r.text) drawShaped(page, r.font, r.text, size, at, y, color);
    at += shapedWidth(r.font, r.text, size);
  }
  return at - x;
}

/** Draws a line centred on `cx`. */
export function drawCentred(page: PDFPage, line: Line, size: number, cx: number, y: number, color: RGB = INK) {
  drawLine(page, line, size, cx - widthOf(line, size) / 2, y, color);
}
