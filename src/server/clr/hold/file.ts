import { downloadName } from '../../../lib/file-names';
import type { FileOut } from '../../http/file';
import { looksLikeJws } from '../../openbadges/verify/jws-parse';
import type { HeldClrRow } from './repo';

/**
 * A held record as the file it came as: a compact VC-JWT (application/vc+jwt, .jwt) or its JSON
 * (application/vc+ld+json, .json), byte for byte, so it verifies anywhere as it did here.
 */
export function heldRecordFile(row: HeldClrRow): FileOut {
  const jwt = looksLikeJws(row.raw);
  return {
    body: row.raw,
    type: jwt ? 'application/vc+jwt' : 'application/vc+ld+json',
    name: downloadName('clr', row.title, jwt ? 'jwt' : 'json', row.issuedOn),
  };
}
