import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import * as fontkit from 'fontkit';
import { htmlLang, type Language } from '../../i18n/languages';
import { fontRunsFor } from '../fonts/load';
import { drawShaped, shapedWidth } from '../fonts/pdf-shaping';
import type { CertificateText } from '../certificates/pdf-language';

export interface CertificateInput {
  recipient: string;
  badge: string;
  /** Labels and dates in the download's language (pdf-language.ts). */
  text: CertificateText;
  qrPng: Uint8Array;
  badgePng: Uint8Array | null;
  /** The download's language: the PDF's /Lang, and which CJK family draws shared Han characters. */
  lang: Language;
}

const A4 = { w: 842, h: 595 };
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.35, 0.4, 0.47);
const ACCENT = rgb(0.04, 0.36, 0.68);
const DANGER = rgb(0.7, 0.09, 0.11);
const WHITE = rgb(1, 1, 1);
const MAX_CHARS = 160;

type Run = { text: string; font: PDFFont };

/**
 * The PDF certificate of a badge (issue 5, Downloads): the recipient's name, the badge, issuer,
 * dates, the verification URL and its QR code, all in the download's language with the name that
 * language prints (the rule is in pdf-language.ts and docs/design/decisions.md). Fields are drawn as text runs,
 * each with the font slice that has its glyphs, embedded as subsets (stack notes: fontkit 2,
 * subset), so every script of the nine languages is covered. Nothing is interpreted: names are
 * plain strings, so no template injection (PDF-01).
 */
export async function renderCertificate(env: Env, input: CertificateInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // fontkit 2's typings declare collections too; a single-face WOFF always gives a Font.
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const { text } = input;
  doc.setTitle(`${text.revoked ? `${text.revoked.mark}: ` : ''}${input.badge} – ${input.recipient}`);
  doc.setCreator('Lanyard');
  doc.setLanguage(htmlLang(input.lang));
  const fonts = new Map<string, Promise<PDFFont>>();
  const runsOf = async (text: string): Promise<Run[]> => {
    const clipped = [...text].length > MAX_CHARS ? `${[...text].slice(0, MAX_CHARS - 1).join('')}…` : text;
    const runs = await fontRunsFor(env, clipped, input.lang);
    return Promise.all(
      runs.map(async (r) => {
        let f = fonts.get(r.file);
        if (!f) fonts.set(r.file, (f = doc.embedFont(r.data, { subset: true })));
        return { text: r.text, font: await f };
      }),
    );
  };
  const page = doc.addPage([A4.w, A4.h]);
  const frame = text.revoked ? DANGER : ACCENT;
  page.drawRectangle({ x: 24, y: 24, width: A4.w - 48, height: A4.h - 48, borderColor: frame, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: A4.w - 64, height: A4.h - 64, borderColor: frame, borderWidth: 0.75 });

  let y = A4.h - 110;
  if (input.badgePng) {
    const img = await doc.embedPng(input.badgePng).catch(() => null);
    if (img) page.drawImage(img, { x: A4.w / 2 - 45, y: A4.h - 150, width: 90, height: 90 });
    y = A4.h - 185;
  }
  const lines: [string, number, typeof INK][] = [
    [text.title, 24, ACCENT],
    [text.certifies, 13, MUTED],
    [input.recipient, 30, INK],
    [text.earned, 13, MUTED],
    [input.badge, 22, INK],
    [text.issuedBy, 14, INK],
  ];
  for (const [line, size, color] of lines) {
    centered(page, await runsOf(line), size, y, color);
    y -= size + 20;
  }
  // Two labels side by side, not one sentence: each is translated whole.
  const dates = text.expiresOn ? `${text.issuedOn}   ·   ${text.expiresOn}` : text.issuedOn;
  centered(page, await runsOf(dates), 11, y - 4, MUTED);

  if (text.revoked) {
    // Revoked: a band where the verification link was. Its public page is gone, so neither the
    // link nor the QR code is printed; nothing on the page reads as a badge still held.
    page.drawRectangle({ x: 40, y: 44, width: A4.w - 80, height: 74, color: DANGER });
    centered(page, await runsOf(text.revoked.mark), 22, 90, WHITE);
    centered(page, await runsOf(text.revoked.line), 11, 60, WHITE);
    return doc.save({ useObjectStreams: false });
  }
  const qr = await doc.embedPng(input.qrPng);
  page.drawImage(qr, { x: A4.w - 150, y: 52, width: 96, height: 96 });
  const verify = await runsOf(text.verify);
  draw(page, verify, 9, 56, 60, MUTED);
  // Plain objects (no object streams): older readers and text extractors open it too.
  return doc.save({ useObjectStreams: false });
}

function width(runs: Run[], size: number) {
  return runs.reduce((sum, r) => sum + shapedWidth(r.font, r.text, size), 0);
}

/** Centres runs on the page, shrinking the size until the line fits inside the border. */
function centered(page: PDFPage, runs: Run[], size: number, y: number, color: typeof INK) {
  let s = size;
  while (s > 8 && width(runs, s) > A4.w - 140) s -= 1;
  draw(page, runs, s, (A4.w - width(runs, s)) / 2, y, color);
}

function draw(page: PDFPage, runs: Run[], size: number, x: number, y: number, color: typeof INK) {
  let at = x;
  // Drawn with OpenType positioning, so Bengali vowel signs and ra-phala sit where they belong.
  for (const r of runs) {
    drawShaped(page, r.font, r.text, size, at, y, color);
    at += shapedWidth(r.font, r.text, size);
  }
}
