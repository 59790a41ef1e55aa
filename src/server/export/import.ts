import { AppError } from '../errors';
import { importAfterThrottle, throttleImport, type ImportRequest } from '../import/service';
import { badgeFiles } from './import-files';
import { listArchive, readEntry } from './unzip';

/** The largest export the settings page's file field takes (multipart, so no base64 overhead). */
export const IMPORT_FORM_MAX = 16 * 1024 * 1024;

/** What an import of an export did with each badge it found. */
export interface ArchiveImportResult {
  found: number;
  imported: number;
  /** Issued to an address that is not one of this account's verified addresses: not imported. */
  foreign: number;
  /** Already in this wallet. */
  duplicate: number;
  /** Did not verify, or could not be checked now (with the codes, for the person to see). */
  failed: number;
  codes: string[];
}

/** The hosted assertion's URL an exported imported OB 2.0 badge names, or '' (then nothing to fetch). */
function assertionUrl(bytes: Uint8Array): string {
  try {
    const doc = JSON.parse(new TextDecoder().decode(bytes)) as { assertion?: { id?: unknown } };
    const id = doc.assertion?.id;
    return typeof id === 'string' && /^https?:\/\//.test(id) ? id : '';
  } catch {
    return '';
  }
}

function asRequest(name: string, bytes: Uint8Array): ImportRequest {
  if (/\.(png|svg)$/.test(name)) return { imageBytes: bytes, file_name: name.slice(name.lastIndexOf('/') + 1) };
  if (name.endsWith('/assertion.json')) return { url: assertionUrl(bytes) };
  return { json: new TextDecoder().decode(bytes) };
}

/**
 * Imports a Lanyard export into this account. The import throttle answers first, before the upload
 * is even decoded (issue 33). Then the whole archive is checked (names, declared sizes, and every
 * badge file inflated within its caps and CRC-checked, one at a time and dropped), so a refused
 * archive writes nothing. Then, one file at a time again, each badge goes through the ordinary
 * import, which re-verifies it and keeps it only if it was issued to one of this account's verified
 * addresses; each badge is its own atomic write, and the ones refused are counted (foreign,
 * duplicate, failed), never half-written. No more than one badge file is held at any moment.
 */
export async function importArchive(
  env: Env,
  accountId: string,
  upload: () => Promise<Uint8Array | null> | Uint8Array | null,
  client: string,
) {
  // This counts as the first badge's import; each further badge counts as one more (SSRF-16).
  await throttleImport(env, accountId, client);
  const zip = await upload();
  if (!zip) throw new AppError('E422172');
  const files = badgeFiles(listArchive(zip));
  for (const e of files) readEntry(zip, e);
  const result: ArchiveImportResult = {
    found: files.length,
    imported: 0,
    foreign: 0,
    duplicate: 0,
    failed: 0,
    codes: [],
  };
  for (const [i, e] of files.entries()) {
    try {
      if (i > 0) await throttleImport(env, accountId, client);
      await importAfterThrottle(env, accountId, asRequest(e.name, readEntry(zip, e)));
      result.imported += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'E422101') result.foreign += 1;
      else if (err.code === 'E409106') result.duplicate += 1;
      else {
        result.failed += 1;
        if (!result.codes.includes(err.code)) result.codes.push(err.code);
        // Throttled: the rest would be refused alike, so they are counted so without being read.
        if (err.code === 'E429100') {
          result.failed += files.length - i - 1;
          break;
        }
      }
    }
  }
  return result;
}
