import { rgb, type PDFDocument, type PDFImage, type PDFPage, type RGB } from '@pdfme/pdf-lib';
import type { AcadPdfInput } from './pdf-input';
import { drawCentred, drawLine, INK, leading, MUTED, widthOf, type Block, type Typesetter } from './pdf-typeset';

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

/** How wide the signer's name and title may be, centred under the signature. */
export const SIGNER_WIDTH = 220;

/** The signer's name and title as they will be printed, and the height beyond one line each. */
export interface SignerBlock {
  /** Whether the template prints the signer (its rule is drawn even when it names no one). */
  shown: boolean;
  name: Block | null;
  title: Block | null;
  /** Points above the usual layout (one line each) that the extra lines take. */
  extra: number;
}

const extraLines = (b: Block | null) => (b && b.lines.length > 1 ? (b.lines.length - 1) * leading(b.size) : 0);

/**
 * Sets the signer's name and title whole (issue 35: "Registrar, Sakura Institute of Techn…" was
 * cut): each on one line when it fits, else a little smaller, else wrapped. Measured before the
 * page is laid out, so the layout can make room for the lines.
 */
export async function measureSigner(ts: Typesetter, input: AcadPdfInput): Promise<SignerBlock> {
  if (!input.fields.has('signer')) return { shown: false, name: null, title: null, extra: 0 };
  const name = input.signer.name ? await ts.whole(input.signer.name, 11, SIGNER_WIDTH, { minSize: 8 }) : null;
  // The title stays smaller than the name, also when the name had to be made smaller.
  const titleSize = Math.min(9, ((name?.size ?? 11) * 9) / 11);
  const title = input.signer.title
    ? await ts.whole(input.signer.title, titleSize, SIGNER_WIDTH, { minSize: Math.min(7, titleSize) })
    : null;
  return { shown: true, name, title, extra: extraLines(name) + extraLines(title) };
}

/** Draws a block's lines centred on cx, the first line's baseline at `top`. */
export function drawBlockCentred(page: PDFPage, b: Block, cx: number, top: number, color: RGB = INK) {
  for (const [i, line] of b.lines.entries()) drawCentred(page, line, b.size, cx, top - i * leading(b.size), color);
}

/**
 * The signer: their signature image over a rule, then name and title, centred on cx. The title's
 * last line sits at y + 6 (and the name's at y + 20 with a one-line title); extra lines of either
 * push the name, the rule and the signature up by `signer.extra`, never down into the footer.
 */
export function drawSigner(page: PDFPage, signer: SignerBlock, signature: PDFImage | null, cx: number, y: number) {
  if (!signer.shown && !signature) return;
  const titleTop = y + 6 + extraLines(signer.title);
  const nameTop = titleTop + 14 + extraLines(signer.name);
  const rule = nameTop + 14;
  if (signature) drawFitted(page, signature, cx, rule + 4, 140, 40);
  page.drawLine({ start: { x: cx - 90, y: rule }, end: { x: cx + 90, y: rule }, thickness: 0.6, color: MUTED });
  if (signer.name) drawBlockCentred(page, signer.name, cx, nameTop);
  if (signer.title) drawBlockCentred(page, signer.title, cx, titleTop, MUTED);
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
  // The whole line, its URL above all: the address is the PDF's way back to its proof.
  const lines = at.width ? await ts.lines(verify, 7, at.width) : [];
  for (const [i, line] of lines.entries())
    drawLine(page, line, 7, at.right - widthOf(line, 7), at.y + (lines.length - 1 - i) * 9, MUTED);
  const top = at.y + lines.length * 9 + (lines.length ? 2 : 0);
  page.drawImage(qr, { x: at.right - 72, y: top, width: 72, height: 72 });
}

/**
 * The verify line alone, centred (a transcript prints it at the foot of its first page): whole,
 * made smaller rather than cut, and if it must wrap, its lines go up from `y`, not into the footer.
 */
export async function drawVerifyLine(page: PDFPage, ts: Typesetter, verify: string, y: number) {
  const { width } = page.getSize();
  const b = await ts.whole(verify, 7, width - 96, { maxLines: 1, minSize: 5.5 });
  drawBlockCentred(page, b, width / 2, y + (b.lines.length - 1) * leading(b.size), MUTED);
}

/** A footer field, whole: smaller rather than cut, and any line it must wrap onto goes up from `y`. */
async function footerLines(ts: Typesetter, text: string, max: number) {
  const b = await ts.whole(text, 7, max, { maxLines: 1, minSize: 5 });
  return { ...b, top: (y: number) => y + (b.lines.length - 1) * leading(b.size) };
}

/** Every page's footer: page n of N (only when there is more than one page), the document id. */
export async function drawFooters(doc: PDFDocument, ts: Typesetter, input: AcadPdfInput, y: number) {
  const pages = doc.getPages();
  const id = input.fields.has('document_id') ? await footerLines(ts, input.text.documentId, 260) : null;
  for (const [i, page] of pages.entries()) {
    const { width } = page.getSize();
    if (id)
      for (const [j, line] of id.lines.entries())
        drawLine(page, line, id.size, 48, id.top(y) - j * leading(id.size), MUTED);
    if (pages.length > 1) {
      const n = await footerLines(ts, input.text.page(i + 1, pages.length), 160);
      for (const [j, line] of n.lines.entries())
        drawLine(page, line, n.size, width - 48 - widthOf(line, n.size), n.top(y) - j * leading(n.size), MUTED);
    }
  }
}
