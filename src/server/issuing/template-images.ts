import { PDFDocument } from '@pdfme/pdf-lib';
import { AppError } from '../errors';
import { readJpeg, readPng, type Raster } from '../images/raster';
import { ACAD_LIMITS } from './templates';

/*
 * Template images (logo, signature, seal) are printed into PDFs, so they are PNG or JPEG, the two
 * formats a PDF embeds natively; an SVG or anything else is refused (E415105). They are read, and
 * their metadata dropped, by images/raster.ts.
 */

/** A PNG, or a JPEG that also ends with its end-of-image marker (a cut-off scan would print torn). */
const readPrintable = (b: Uint8Array): Raster | null =>
  readPng(b) ?? (b.at(-2) === 0xff && b.at(-1) === 0xd9 ? readJpeg(b) : null);

/**
 * Checks one template image from its bytes: PNG or JPEG, whole, within the size limits, and
 * embeddable by the PDF library that will print it (so a PDF never fails later on this image).
 */
export async function checkTemplateImage(bytes: Uint8Array): Promise<Raster> {
  if (bytes.byteLength > ACAD_LIMITS.imageMaxBytes)
    throw new AppError('E413100', { max: ACAD_LIMITS.imageMaxBytes / 1024 });
  const img = readPrintable(bytes);
  if (!img) throw new AppError('E415105');
  const side = (n: number) => n >= ACAD_LIMITS.imageMinPx && n <= ACAD_LIMITS.imageMaxPx;
  if (!side(img.width) || !side(img.height)) throw new AppError('E415105');
  try {
    const pdf = await PDFDocument.create();
    await (img.type === 'png' ? pdf.embedPng(img.clean) : pdf.embedJpg(img.clean));
  } catch {
    throw new AppError('E415105');
  }
  return img;
}
