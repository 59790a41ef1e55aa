import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from '@pdfme/pdf-lib';

/**
 * Changing a file attached to a PDF the way someone forging a certificate would (issue 33, item 4):
 * shared by the workerd test of the verifier and the browser test of the verify page.
 */
const nameOf = (o: unknown) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : null);

/** The file spec of one attachment of a PDF, as pdf-lib's name tree holds it. */
export function attachment(doc: PDFDocument, file: string): PDFDict {
  const tree = doc.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
  const pairs = tree.lookup(PDFName.of('Names'), PDFArray);
  for (let i = 0; i + 1 < pairs.size(); i += 2)
    if (nameOf(pairs.lookup(i)) === file) return pairs.lookup(i + 1, PDFDict);
  throw new Error(`no attachment ${file}`);
}

/** The same PDF with one attachment's contents replaced (compressed, as pdf-lib attaches files). */
export async function reembed(pdf: Uint8Array, file: string, text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ef = attachment(doc, file).lookup(PDFName.of('EF'), PDFDict);
  const stream = doc.context.flateStream(new TextEncoder().encode(text), { Type: 'EmbeddedFile' });
  ef.set(PDFName.of('F'), doc.context.register(stream));
  return doc.save({ useObjectStreams: false });
}

/** A compact JWS with one claim of its payload changed and its signature kept (a forger's edit). */
export function withClaim(jws: string, claim: string, value: unknown): string {
  const [h, p, s] = jws.split('.');
  const b64 = (p ?? '').replace(/-/g, '+').replace(/_/g, '/');
  const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
  const changed = new TextEncoder().encode(JSON.stringify({ ...claims, [claim]: value }));
  const out = btoa(String.fromCharCode(...changed))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `${h}.${out}.${s}`;
}
