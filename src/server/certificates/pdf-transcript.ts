import { rgb, type PDFDocument, type PDFPage } from '@pdfme/pdf-lib';
import { continuationHeader, drawDetails, Flow } from './pdf-flow';
import type { AcadPdfInput } from './pdf-input';
import { ACCENT, drawFitted, drawQr, drawSigner, drawVerifyLine, embedImage } from './pdf-parts';
import { formatCredits } from './pdf-text';
import { drawCentred, drawLine, MUTED, widthOf, type Line, type Typesetter } from './pdf-typeset';

/** A4 portrait, in points. */
export const A4_PORTRAIT: [number, number] = [595, 842];
const [W, H] = A4_PORTRAIT;
const LEFT = 48;
const RIGHT = W - 48;
const ROW = 15;
const SHADE = rgb(0.93, 0.95, 0.97);

/** The table's columns: x, width, and how a cell sits in it. */
const COLS = {
  course: { x: LEFT + 4, w: 262, align: 'start' },
  credits: { x: LEFT + 272, w: 52, align: 'end' },
  grade: { x: LEFT + 336, w: 52, align: 'centre' },
  term: { x: LEFT + 396, w: RIGHT - LEFT - 400, align: 'start' },
} as const;
type Col = keyof typeof COLS;

function cell(page: PDFPage, line: Line, size: number, col: Col, y: number, color = MUTED) {
  const c = COLS[col];
  const w = widthOf(line, size);
  const x = c.align === 'end' ? c.x + c.w - w : c.align === 'centre' ? c.x + (c.w - w) / 2 : c.x;
  drawLine(page, line, size, x, y, color);
}

/** The table header, drawn again at the top of every page the rows continue on. */
async function header(page: PDFPage, ts: Typesetter, input: AcadPdfInput, y: number) {
  page.drawRectangle({ x: LEFT, y: y - 5, width: RIGHT - LEFT, height: ROW + 2, color: SHADE });
  for (const col of Object.keys(COLS) as Col[])
    cell(page, await ts.fit(input.text.columns[col], 9, COLS[col].w), 9, col, y, ACCENT[input.layout]);
  return y - ROW - 4;
}

/**
 * A transcript: A4 portrait, a header (logo, heading, title, recipient, issuer, date, details, the
 * QR code), then the rows (course, credits, grade, term) across as many pages as they need, each
 * page repeating the table header, then the totals (credits, courses, GPA) and the signer.
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
  const centred = async (s: string, size: number, gap: number, color = accent) => {
    y -= size;
    drawCentred(page, await ts.fit(s, size, 300), size, W / 2, y, color);
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
  flow.onPage = async (p) => {
    await continuationHeader(p, ts, input, H - 40);
    return H - 70;
  };
  if (has('details') && input.details.length) await drawDetails(flow, ts, input.details, LEFT, RIGHT - LEFT);
  if (has('rows') && input.rows.length) {
    flow.y -= 10;
    await flow.need(ROW * 3);
    flow.y = await header(flow.page, ts, input, flow.y);
    flow.onPage = async (p) => {
      await continuationHeader(p, ts, input, H - 40);
      return header(p, ts, input, H - 70);
    };
    for (const [i, r] of input.rows.entries()) {
      await flow.need(ROW);
      if (i % 2 === 1)
        flow.page.drawRectangle({ x: LEFT, y: flow.y - 4, width: RIGHT - LEFT, height: ROW, color: SHADE });
      cell(flow.page, await ts.fit(r.course, 9, COLS.course.w), 9, 'course', flow.y, undefined);
      cell(flow.page, await ts.fit(formatCredits(input.lang, r.credits), 9, COLS.credits.w), 9, 'credits', flow.y);
      cell(flow.page, await ts.fit(r.grade, 9, COLS.grade.w), 9, 'grade', flow.y);
      cell(flow.page, await ts.fit(r.term, 9, COLS.term.w), 9, 'term', flow.y);
      flow.y -= ROW;
    }
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
      const line = await ts.fit(s, 10, 260);
      drawLine(flow.page, line, 10, RIGHT - widthOf(line, 10), flow.y, accent);
      flow.y -= 15;
    }
  }
  if (has('signer') || signature || seal) {
    await flow.need(110);
    const base = flow.y - 100;
    await drawSigner(flow.page, ts, input, signature, LEFT + 110, base);
    if (seal) drawFitted(flow.page, seal, RIGHT - 80, base, 90, 90);
  }
}
