import type { PDFDocument, PDFPage, RGB } from '@pdfme/pdf-lib';
import { continuationHeader, drawDetails, Flow } from './pdf-flow';
import type { AcadPdfInput } from './pdf-input';
import { ACCENT, drawFitted, drawQr, drawSigner, embedImage, measureSigner } from './pdf-parts';
import { drawCentred, leading, MUTED, type Typesetter } from './pdf-typeset';

/** A4 landscape, in points. */
export const A4_LANDSCAPE: [number, number] = [842, 595];
const [W, H] = A4_LANDSCAPE;
/** Everything above this line belongs to the text; below it sit the signer, seal and QR code. */
const BAND = 150;

function frame(page: PDFPage, layout: AcadPdfInput['layout'], accent: RGB) {
  if (layout === 'modern') {
    page.drawRectangle({ x: 0, y: 0, width: 22, height: H, color: accent });
    page.drawRectangle({ x: 34, y: 28, width: W - 62, height: H - 56, borderColor: accent, borderWidth: 0.75 });
    return;
  }
  page.drawRectangle({ x: 24, y: 24, width: W - 48, height: H - 48, borderColor: accent, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: W - 64, height: H - 64, borderColor: accent, borderWidth: 0.75 });
}

/**
 * A certificate of completion or a diploma: one landscape page, centred like a printed certificate
 * (logo, heading, recipient, title, issuer, date, details), with the signer, the seal and the QR
 * code along the bottom. Details that do not fit continue on further pages, never off the page.
 */
export async function drawCertificate(doc: PDFDocument, ts: Typesetter, input: AcadPdfInput) {
  const accent = ACCENT[input.layout];
  const page = doc.addPage(A4_LANDSCAPE);
  frame(page, input.layout, accent);
  const has = (f: Parameters<AcadPdfInput['fields']['has']>[0]) => input.fields.has(f);
  const [logo, signature, seal, qr] = await Promise.all([
    has('logo') ? embedImage(doc, input.images.logo) : null,
    embedImage(doc, has('signature') ? input.images.signature : null),
    embedImage(doc, has('seal') ? input.images.seal : null),
    doc.embedPng(input.qrPng),
  ]);
  const cx = W / 2;
  let y = H - 56;
  if (logo) {
    drawFitted(page, logo, cx, H - 120, 120, 64);
    y = H - 130;
  }
  const text = W - 160;
  // `y` is the top of the next line: each line drops by its own size, then leaves its gap. Each
  // field is printed whole (issue 35): smaller, or wrapped (the title onto up to three lines).
  const centred = async (s: string, size: number, gap: number, color?: RGB, maxLines = 2) => {
    const b = await ts.whole(s, size, text, { maxLines });
    if (b.lines.length === 0) y -= size;
    for (const [i, line] of b.lines.entries()) {
      y -= i === 0 ? b.size : leading(b.size);
      drawCentred(page, line, b.size, cx, y, color);
    }
    y -= gap;
  };
  await centred(input.heading, 28, 18, accent);
  if (has('recipient_name')) {
    await centred(input.text.certifies, 12, 8, MUTED);
    await centred(input.name, 26, 14);
  }
  if (has('title')) {
    if (has('recipient_name')) await centred(input.text.awarded, 12, 8, MUTED);
    await centred(input.title, 18, 12, undefined, 3);
  }
  if (has('issuer_name')) await centred(input.text.issuedBy, 13, 6);
  if (has('issued_on')) await centred(input.text.issuedOn, 11, 12, MUTED);
  // A signer that wraps grows upwards into the band's top; the details stop above it.
  const signer = await measureSigner(ts, input);
  if (has('details') && input.details.length) {
    const flow = new Flow(doc, A4_LANDSCAPE, page, y - 10, H - 80, BAND + signer.extra);
    flow.onPage = async (p) => {
      frame(p, input.layout, accent);
      return Math.min(H - 90, (await continuationHeader(p, ts, input, H - 60)) - 30);
    };
    await drawDetails(flow, ts, input.details, 150, W - 300);
  }
  drawSigner(page, signer, signature, 180, 60);
  if (seal) drawFitted(page, seal, cx, 52, 90, 90);
  await drawQr(page, ts, qr, input.text.verify, { right: W - 56, y: 52, width: 230 });
}
