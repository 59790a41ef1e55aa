import { CONFIG } from '../config';
import { AppError } from '../errors';
import { JSON_LIMITS } from '../verdict/safe-json';
import type { ArchiveEntry } from './unzip';

/** Where an export keeps what can be imported again: a baked badge, or a credential as received. */
const BADGE_FILE =
  /^(badges|imported)\/[A-Za-z0-9_-]{1,64}\/(badge-baked\.(png|svg)|credential-ob3\.(json|jwt)|blockcerts\.json|assertion\.json)$|^records\/[A-Za-z0-9_-]{1,64}\/learner-record\.(json|jwt)$/;
/** One badge per item folder: the baked image of a badge issued at Lanyard, else the credential. */
const PREFERENCE = [
  'badge-baked.png',
  'badge-baked.svg',
  'credential-ob3.json',
  'credential-ob3.jwt',
  'blockcerts.json',
  // An imported OB 2.0 badge: its hosted assertion is fetched again at its URL (the assertion's id).
  'assertion.json',
  // A learner record held from elsewhere (issue 38), as received: held again by the import.
  'learner-record.json',
  'learner-record.jwt',
];

/**
 * What an import inflates (issue 33), each no larger than the ordinary import takes it, so an
 * honest export never meets a cap and a bomb is refused from its declared sizes before any work.
 */
export const IMPORT_LIMITS = {
  /** A baked image: what AddBadge takes, a base64 body of verifyBodyMaxBytes (about 5.25 MiB). */
  imageBytes: Math.floor((CONFIG.verifyBodyMaxBytes * 3) / 4),
  /** A credential as text: what the verifier reads as JSON (safe-json.ts). */
  credentialBytes: JSON_LIMITS.maxBytes,
  /** An imported badge's record: three documents read within that limit, indented by the export. */
  recordBytes: 2 * 1024 * 1024,
  /** All the badge files of one archive together; inflated one at a time, never held together. */
  totalBytes: 64 * 1024 * 1024,
} as const;

const fileName = (e: ArchiveEntry) => e.name.slice(e.name.lastIndexOf('/') + 1);

function capOf(e: ArchiveEntry): number {
  const name = fileName(e);
  if (name.startsWith('badge-baked.')) return IMPORT_LIMITS.imageBytes;
  return name === 'assertion.json' ? IMPORT_LIMITS.recordBytes : IMPORT_LIMITS.credentialBytes;
}

/** The one badge file of each item folder, by PREFERENCE. */
function pick(entries: ArchiveEntry[]): ArchiveEntry[] {
  const byDir = new Map<string, ArchiveEntry[]>();
  for (const e of entries.filter((x) => BADGE_FILE.test(x.name))) {
    const dir = e.name.slice(0, e.name.lastIndexOf('/'));
    byDir.set(dir, [...(byDir.get(dir) ?? []), e]);
  }
  return [...byDir.values()].flatMap((list) => {
    const best = list.sort((a, b) => PREFERENCE.indexOf(fileName(a)) - PREFERENCE.indexOf(fileName(b)))[0];
    return best ? [best] : [];
  });
}

/**
 * The badge files an import will read, refused (E413171) from their declared sizes when one is
 * over its cap or all of them together are over the total; inflation then never passes a declared
 * size (unzip.ts), so what the directory admits bounds what is inflated.
 */
export function badgeFiles(entries: ArchiveEntry[]): ArchiveEntry[] {
  const files = pick(entries);
  let total = 0;
  for (const e of files) {
    total += e.size;
    if (e.size > capOf(e) || total > IMPORT_LIMITS.totalBytes) throw new AppError('E413171');
  }
  return files;
}
