// The server build of qrcode: the package's browser entry has no toBuffer (stack notes, gotcha 7).
import QRCode from 'qrcode/lib/server.js';

const OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2 };

/** A QR code of a URL as PNG bytes (downloads, the PDF certificate; an authenticator app's key as SVG below). */
export async function qrPng(url: string, width = 480): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer(url, { ...OPTIONS, type: 'png', width }));
}

/** The same QR code as SVG markup (shown in the share dialog). */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...OPTIONS, type: 'svg' });
}
