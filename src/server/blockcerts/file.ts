import { downloadName } from '../../lib/file-names';
import type { FileOut } from '../http/file';

/** The Blockcerts v3 credential's media type, as Blockcerts verifiers read it. */
export const BLOCKCERTS_TYPE = 'application/ld+json';

/** The owner's blockchain certificate as a file: blockchain_certificate_{name}_{yyyymmdd}.json (src/lib/file-names.ts). */
export function blockchainFile(r: { name: string; issuedOn: number; doc: object }): FileOut {
  const name = downloadName('blockchain', r.name, 'json', r.issuedOn);
  return { body: JSON.stringify(r.doc, null, 2), type: BLOCKCERTS_TYPE, name };
}
