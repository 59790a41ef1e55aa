import { bytesToBase64 } from '../../lib/base64';
import { AppError } from '../errors';
import { importBadge, type ImportRequest } from '../import/service';
import { listArchive, readEntry, type ArchiveEntry } from './unzip';

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

/** Where an export keeps what can be imported again: a baked badge, or a credential as received. */
const BADGE_FILE =
  /^(badges|imported)\/[A-Za-z0-9_-]{1,64}\/(badge-baked\.(png|svg)|credential-ob3\.(json|jwt)|blockcerts\.json|assertion\.json)$/;
/** One badge per item folder: the baked image of a badge issued at Lanyard, else the credential. */
const PREFERENCE = [
  'badge-baked.png',
  'badge-baked.svg',
  'credential-ob3.json',
  'credential-ob3.jwt',
  'blockcerts.json',
  // An imported OB 2.0 badge: its hosted assertion is fetched again at its URL (the assertion's id).
  'assertion.json',
];

function pickBadgeFiles(entries: ArchiveEntry[]): ArchiveEntry[] {
  const byDir = new Map<string, ArchiveEntry[]>();
  for (const e of entries.filter((x) => BADGE_FILE.test(x.name))) {
    const dir = e.name.slice(0, e.name.lastIndexOf('/'));
    byDir.set(dir, [...(byDir.get(dir) ?? []), e]);
  }
  return [...byDir.values()].flatMap((list) => {
    const rank = (e: ArchiveEntry) => PREFERENCE.indexOf(e.name.slice(e.name.lastIndexOf('/') + 1));
    const best = list.sort((a, b) => rank(a) - rank(b))[0];
    return best ? [best] : [];
  });
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
  if (/\.(png|svg)$/.test(name))
    return { image: bytesToBase64(bytes), file_name: name.slice(name.lastIndexOf('/') + 1) };
  if (name.endsWith('/assertion.json')) return { url: assertionUrl(bytes) };
  return { json: new TextDecoder().decode(bytes) };
}

/**
 * Imports a Lanyard export into this account: the whole archive is checked first (names, sizes,
 * every badge file inflated within its caps), so a refused archive writes nothing. Then each badge
 * goes through the ordinary import, which re-verifies it and keeps it only if it was issued to one
 * of this account's verified addresses; each badge is its own atomic write, and the ones refused
 * are counted (foreign, duplicate, failed), never half-written.
 */
export async function importArchive(env: Env, accountId: string, zip: Uint8Array, client: string) {
  const files = pickBadgeFiles(listArchive(zip));
  const read = [];
  for (const e of files) read.push({ name: e.name, bytes: await readEntry(zip, e) });
  const result: ArchiveImportResult = {
    found: read.length,
    imported: 0,
    foreign: 0,
    duplicate: 0,
    failed: 0,
    codes: [],
  };
  for (const f of read) {
    try {
      await importBadge(env, accountId, asRequest(f.name, f.bytes), client);
      result.imported += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'E422101') result.foreign += 1;
      else if (err.code === 'E409106') result.duplicate += 1;
      else {
        result.failed += 1;
        if (!result.codes.includes(err.code)) result.codes.push(err.code);
      }
    }
  }
  return result;
}
