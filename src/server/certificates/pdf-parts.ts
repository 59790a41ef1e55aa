import { rgb, type PDFDocument, type PDFImage, type PDFPage, type RGB } from '@pdfme/pdf-lib';
import type { AcadPdfInput } from './pdf-input';
import { drawCentred, drawLine, MUTED, widthOf, type Typesetter } from './pdf-typeset';

export const ACCENT: Record<AcadPdfInput['layout'], RGB> = {
  classic: rgb(0.04, 0.27, 0.5),
  modern: rgb(0.05, 0.45, 0.42),
};

const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/**
 * A template image, PNG or JPEG by its bytes (never by a name); null when it is neither or cannot
 * be decoded, so one broken upload costs its picture, not the document.
 */
export async function embedImage(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes) return null;
  try {
    if (isPng(bytes)) return await doc.embedPng(bytes);
    if (isJpeg(bytes)) return await doc.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}

/** Draws an image inside a box, keeping its proportions, centred on (cx, box bottom). */
export function drawFitted(page: PDFPage, img: PDFImage, cx: number, y: number, w: number, h: number) {
  const s = img.scaleToFit(w, h);
  page.drawImage(img, { x: cx - s.width / 2, y: y + (h - s.height) / 2, width: s.width, height: s.height });
}

/** The signer: their signature image over a rule, then name and title, centred on cx (from y up). */
export async function drawSigner(
  page: PDFPage,
  ts: Typesetter,
  input: AcadPdfInput,
  signature: PDFImage | null,
  cx: number,
  y: number,
) {
  const showSigner = input.fields.has('signer');
  if (!showSigner && !signature) return;
  if (signature) drawFitted(page, signature, cx, y + 38, 140, 40);
  page.drawLine({ start: { x: cx - 90, y: y + 34 }, end: { x: cx + 90, y: y + 34 }, thickness: 0.6, color: MUTED });
  if (!showSigner) return;
  if (input.signer.name) drawCentred(page, await ts.fit(input.signer.name, 11, 200), 11, cx, y + 20);
  if (input.signer.title) drawCentred(page, await ts.fit(input.signer.title, 9, 200), 9, cx, y + 6, MUTED);
}

/**
 * The QR code of the public page with the verify line (and its URL, whole, wrapped to `width`)
 * under it, right-aligned at `right`, from `y` up. Without a width, only the code is drawn.
 */
export async function drawQr(
  page: PDFPage,
  ts: Typesetter,
  qr: PDFImage,
  verify: string,
  at: { right: number; y: number; width?: number },
) {
  const lines = at.width ? await ts.wrap(verify, 7, at.width, 3) : [];
  for (const [i, line] of lines.entries())
    drawLine(page, line, 7, at.right - widthOf(line, 7), at.y + (lines.length - 1 - i) * 9, MUTED);
  const top = at.y + lines.length * 9 + (lines.length ? 2 : 0);
  page.drawImage(qr, { x: at.right - 72, y: top, width: 72, height: 72 });
}

/** The verify line alone, centred (a transcript prints it at the foot of its first page). */
export async function drawVerifyLine(page: PDFPage, ts: Typesetter, verify: string, y: number) {
  const { width } = page.getSize();
  const line = await ts.fit(verify, 7, width - 96);
  drawLine(page, line, 7, (width - widthOf(line, 7)) / 2, y, MUTED);
}

/** Every page's footer: page n of N (only when there is more than one page), the document id. */
export async function drawFooters(doc: PDFDocument, ts: Typesetter, input: AcadPdfInput, y: number) {
  const pages = doc.getPages();
  const id = input.fields.has('document_id') ? await ts.fit(input.text.documentId, 7, 260) : null;
  for (const [i, page] of pages.entries()) {
    const { width } = page.getSize();
    if (id) drawLine(page, id, 7, 48, y, MUTED);
    if (pages.length > 1) {
      const n = await ts.fit(input.text.page(i + 1, pages.length), 7, 160);
      drawLine(page, n, 7, width - 48 - widthOf(n, 7), y, MUTED);
    }
  }
}
