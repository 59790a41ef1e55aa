import type { Context } from 'hono';
import { attachment } from '../../lib/file-names';

/** A file handed to its owner: the bytes, their media type and the name to save them under. */
export interface FileOut {
  body: Uint8Array<ArrayBuffer> | string | ReadableStream;
  type: string;
  name: string;
  /** Known for a stream from R2, so the browser can show progress. */
  size?: number;
}

/**
 * Answers a file to save (spec §8): its own media type, a file name in the spec's patterns, never
 * cached, never sniffed or run as a page. The one place these headers are written, for the API's
 * downloads and the pages' download forms alike.
 */
export function sendFile(c: Context, f: FileOut): Response {
  c.header('Content-Type', f.type);
  if (f.size !== undefined) c.header('Content-Length', String(f.size));
  c.header('Content-Disposition', attachment(f.name));
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', "default-src 'none'; sandbox");
  return c.body(f.body);
}
