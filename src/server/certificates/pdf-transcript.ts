import { rgb, type PDFDocument, type PDFPage } from '@pdfme/pdf-lib';
import { TRANSCRIPT_COLUMNS, transcriptCell, type ColumnAlign, type TranscriptColumn } from '../../lib/transcript';
import { continuationHeader, drawDetails, Flow } from './pdf-flow';
import type { AcadPdfInput } from './pdf-input';
import { ACCENT, drawFitted, drawQr, drawSigner, drawVerifyLine, embedImage, measureSigner } from './pdf-parts';
import { drawCentred, drawLine, leading, MUTED, widthOf, type Line, type Typesetter } from './pdf-typeset';

/** A4 portrait, in points. */
export const A4_PORTRAIT: [number, number] = [595, 842];
const [W, H] = A4_PORTRAIT;
const LEFT = 48;
const RIGHT = W - 48;
const ROW = 15;
const SHADE = rgb(0.93, 0.95, 0.97);

/** Each column's width in points, the one marked `rest` taking what the others leave. */
const WIDTH: Record<TranscriptColumn, number | 'rest'> = { course: 262, credits: 52, grade: 52, term: 'rest' };
const GAP = 8;
/** A cell's text size, and the distance between the lines of a cell that wraps. */
const SIZE = 9;
const LINE = 11;

export interface ColumnBox {
  key: TranscriptColumn;
  align: ColumnAlign;
  x: number;
  w: number;
}

/**
 * Where the table's columns sit, left to right in TRANSCRIPT_COLUMNS' order (the page's order too,
 * src/lib/transcript.ts), with 4 pt inside the table's edges and GAP between columns.
 */
export function transcriptColumns(left = LEFT, right = RIGHT): ColumnBox[] {
  const inner = right - left - 8;
  const fixed = TRANSCRIPT_COLUMNS.reduce((n, c) => n + (WIDTH[c.key] === 'rest' ? 0 : (WIDTH[c.key] as number)), 0);
  const rest = inner - fixed - GAP * (TRANSCRIPT_COLUMNS.length - 1);
  let x = left + 4;
  return TRANSCRIPT_COLUMNS.map((c) => {
    const width = WIDTH[c.key];
    const box = { key: c.key, align: c.align, x, w: width === 'rest' ? rest : width };
    x += box.w + GAP;
    return box;
  });
}
const COLS = transcriptColumns();

/** A cell's lines at `y` (its first baseline), placed as its column aligns them. */
function cell(page: PDFPage, lines: Line[], col: ColumnBox, y: number, color = MUTED) {
  for (const [i, line] of lines.entries()) {
    const w = widthOf(line, SIZE);
    const x = col.align === 'end' ? col.x + col.w - w : col.align === 'centre' ? col.x + (col.w - w) / 2 : col.x;
    drawLine(page, line, SIZE, x, y - i * LINE, color);
  }
}

/** A row's cells set whole (a long course or term wraps, issue 35), and the height the row takes. */
async function setRow(ts: Typesetter, texts: (col: ColumnBox) => string) {
  const cells = await Promise.all(COLS.map((c) => ts.lines(texts(c), SIZE, c.w)));
  const most = Math.max(1, ...cells.map((l) => l.length));
  return { cells, height: ROW + (most - 1) * LINE };
}

/** The table header, drawn again at the top of every page the rows continue on. */
async function header(page: PDFPage, ts: Typesetter, input: AcadPdfInput, y: number) {
  const { cells, height } = await setRow(ts, (c) => input.text.columns[c.key]);
  page.drawRectangle({ x: LEFT, y: y - 5 - (height - ROW), width: RIGHT - LEFT, height: height + 2, color: SHADE });
  for (const [i, col] of COLS.entries()) cell(page, cells[i] ?? [], col, y, ACCENT[input.layout]);
  return y - height - 4;
}

/**
 * A transcript: A4 portrait, a header (logo, heading, title, recipient, issuer, date, details, the
 * QR code), then the rows (in TRANSCRIPT_COLUMNS' order) across as many pages as they need, each
 * page repeating the table header, then the totals (credits, courses, GPA) and the signer. Every
 * field is printed whole (issue 35): a long one is made smaller or wraps, and a row grows to hold
 * its longest cell; only the continuation pages' one-line reminder is shortened.
 */
export async function drawTranscript(doc: PDFDocument, ts: Typesetter, input: AcadPdfInput) {
  const accent = ACCENT[input.layout];
  const has = (f: Parameters<AcadPdfInput['fields']['has']>[0]) => input.fields.has(f);
  const page = doc.addPage(A4_PORTRAIT);
  if (input.layout === 'modern') page.drawRectangle({ x: 0, y: H - 14, width: W, height: 14, color: accent });
  const [logo, signature, seal, qr] = await Promise.all([
    has('logo') ? embedImage(doc, input.images.logo) : null,
    embedImage(doc, has('signature') ? input.images.signature : null),
    embedImage(doc, has('seal') ? input.images.seal : null),
    doc.embedPng(input.qrPng),
  ]);
  if (logo) drawFitted(page, logo, LEFT + 32, H - 110, 64, 64);
  await drawQr(page, ts, qr, input.text.verify, { right: RIGHT, y: H - 126 });
  await drawVerifyLine(page, ts, input.text.verify, 36);
  let y = H - 56;
  // Each header field is printed whole (issue 35): smaller, or wrapped, rather than cut.
  const centred = async (s: string, size: number, gap: number, color = accent) => {
    const b = await ts.whole(s, size, 300);
    if (b.lines.length === 0) y -= size;
    for (const [i, line] of b.lines.entries()) {
      y -= i === 0 ? b.size : leading(b.size);
      drawCentred(page, line, b.size, W / 2, y, color);
    }
    y -= gap;
  };
  await centred(input.heading, 20, 10);
  if (has('title')) await centred(input.title, 13, 10, MUTED);
  if (has('recipient_name')) {
    await centred(input.text.recordOf, 9, 6, MUTED);
    await centred(input.name, 16, 10, MUTED);
  }
  if (has('issuer_name')) await centred(input.text.issuedBy, 10, 6, MUTED);
  if (has('issued_on')) await centred(input.text.issuedOn, 9, 6, MUTED);
  // Details start below both the centred header and the QR code; `y` becomes the next baseline.
  y = Math.min(y, H - 150) - 12;
  const flow = new Flow(doc, A4_PORTRAIT, page, y, H - 60, 56);
  // Content starts 30 pt under the continuation line's last line (it wraps only when very long).
  const contentTop = async (p: PDFPage) => Math.min(H - 70, (await continuationHeader(p, ts, input, H - 40)) - 30);
  flow.onPage = contentTop;
  if (has('details') && input.details.length) await drawDetails(flow, ts, input.details, LEFT, RIGHT - LEFT);
  if (has('rows') && input.rows.length) {
    flow.y -= 10;
    await flow.need(ROW * 3);
    flow.y = await header(flow.page, ts, input, flow.y);
    flow.onPage = async (p) => header(p, ts, input, await contentTop(p));
    for (const [i, r] of input.rows.entries()) {
      const { cells, height } = await setRow(ts, (c) => transcriptCell(input.lang, r, c.key));
      await flow.need(height);
      if (i % 2 === 1)
        flow.page.drawRectangle({ x: LEFT, y: flow.y - 4 - (height - ROW), width: RIGHT - LEFT, height, color: SHADE });
      for (const [j, col] of COLS.entries()) cell(flow.page, cells[j] ?? [], col, flow.y);
      flow.y -= height;
    }
    // What follows the rows (totals, signer) is no row: a page it starts repeats no table header.
    flow.onPage = contentTop;
  }
  if (has('totals') && input.rows.length) {
    await flow.need(60);
    flow.page.drawLine({
      start: { x: LEFT, y: flow.y + 8 },
      end: { x: RIGHT, y: flow.y + 8 },
      thickness: 0.8,
      color: accent,
    });
    flow.y -= 8;
    const t = input.text;
    for (const s of [t.totalCredits, t.courses, ...(t.gpa ? [t.gpa] : [])]) {
      const b = await ts.whole(s, 10, 260);
      for (const line of b.lines) {
        drawLine(flow.page, line, b.size, RIGHT - widthOf(line, b.size), flow.y, accent);
        flow.y -= 15;
      }
    }
  }
  const signer = await measureSigner(ts, input);
  if (signer.shown || signature || seal) {
    // A signer that wraps grows upwards (drawSigner): its extra lines are made room for here.
    await flow.need(110 + signer.extra);
    const base = flow.y - 100 - signer.extra;
    drawSigner(flow.page, signer, signature, LEFT + 110, base);
    if (seal) drawFitted(flow.page, seal, RIGHT - 80, base, 90, 90);
  }
}
