import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from '@pdfme/pdf-lib';

/** Bounds of reading a PDF someone uploaded: it is parsed, never trusted (security guide PDF-01). */
export const PDF_LIMITS = {
  /** The file itself (the verify form's and Public/Verification's cap for this input). */
  maxBytes: 5 * 1024 * 1024,
  /** Attachments looked at, and how deep the name tree may nest. */
  maxFiles: 32,
  maxDepth: 8,
  /** An attached credential is a few KB: larger streams are skipped, and inflating stops here. */
  maxStored: 256 * 1024,
  maxInflated: 512 * 1024,
} as const;

const text = (o: PDFObject | undefined) =>
  o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : null;

/** Bytes that no longer read as what they were stored as: a stream that does not inflate. */
const BROKEN = 'broken';

/**
 * Inflates a FlateDecode stream, giving up past the cap (a small stream can inflate to gigabytes):
 * null then, BROKEN when the stream is no valid deflate data (its checksum included).
 */
async function inflate(bytes: Uint8Array): Promise<Uint8Array | null | typeof BROKEN> {
  const reader = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > PDF_LIMITS.maxInflated) {
        await reader.cancel();
        return null;
      }
      parts.push(value);
    }
  } catch {
    return BROKEN;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An embedded file's bytes: stored as is or with FlateDecode; anything else is not ours (null). */
async function fileBytes(stream: PDFRawStream): Promise<Uint8Array | null | typeof BROKEN> {
  const raw = stream.getContents();
  if (raw.length > PDF_LIMITS.maxStored) return null;
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) return raw;
  if (filters.length === 1 && filters[0] instanceof PDFName && filters[0].asString() === '/FlateDecode')
    return inflate(raw);
  return null;
}

/** The (name, file spec) pairs of the EmbeddedFiles name tree, bounded in depth and count. */
function embeddedFiles(doc: PDFDocument): [string, PDFDict][] {
  const names = doc.catalog.lookup(PDFName.of('Names'));
  const root = names instanceof PDFDict ? names.lookup(PDFName.of('EmbeddedFiles')) : undefined;
  const found: [string, PDFDict][] = [];
  const walk = (node: PDFObject | undefined, depth: number) => {
    if (!(node instanceof PDFDict) || depth > PDF_LIMITS.maxDepth) return;
    const pairs = node.lookup(PDFName.of('Names'));
    if (pairs instanceof PDFArray)
      for (let i = 0; i + 1 < pairs.size() && found.length < PDF_LIMITS.maxFiles; i += 2) {
        const spec = pairs.lookup(i + 1);
        if (spec instanceof PDFDict) found.push([text(pairs.lookup(i)) ?? '', spec]);
      }
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray)
      for (let i = 0; i < kids.size() && found.length < PDF_LIMITS.maxFiles; i += 1) walk(kids.lookup(i), depth + 1);
  };
  walk(root, 0);
  return found;
}

/**
 * One file attached to a PDF: `signed` when it is named *.jws (a signed credential); `text` null
 * when its stored bytes no longer inflate (damaged or changed in the PDF itself).
 */
export interface AttachedFile {
  name: string;
  signed: boolean;
  text: string | null;
}

/**
 * The files attached to a PDF, the signed credentials first, then the others in the document's
 * order (a PDF printed here carries credential.jws and assertion.json). Files too large to be a
 * credential, or in a form not ours, are left out. An empty list when the bytes are not a PDF or
 * carry no attachment; never a throw, whatever the bytes.
 */
export async function attachedFiles(bytes: Uint8Array): Promise<AttachedFile[]> {
  if (bytes.length > PDF_LIMITS.maxBytes) return [];
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes('%PDF-')) return [];
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
    });
    const files: AttachedFile[] = [];
    for (const [key, spec] of embeddedFiles(doc)) {
      const ef = spec.lookup(PDFName.of('EF'));
      const stream = ef instanceof PDFDict ? ef.lookup(PDFName.of('F')) : undefined;
      if (!(stream instanceof PDFRawStream)) continue;
      const data = await fileBytes(stream);
      if (!data) continue;
      const name = text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? key;
      const read = data === BROKEN ? null : new TextDecoder('utf-8', { fatal: false }).decode(data);
      files.push({ name, signed: /\.jws$/i.test(name), text: read });
    }
    return files.sort((a, b) => Number(b.signed) - Number(a.signed));
  } catch {
    return [];
  }
}

/** The texts of the files attached to a PDF that could be read, the signed credentials first. */
export async function attachedCredentials(bytes: Uint8Array): Promise<string[]> {
  return (await attachedFiles(bytes)).flatMap((f) => (f.text === null ? [] : [f.text]));
}
