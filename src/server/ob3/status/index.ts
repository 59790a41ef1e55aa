import { checkBitstringStatus, isBitstringEntryType } from './bitstring';
import { checkRevocationList } from './revocation-list';
import { isObj, many, type Obj, type Ob3StatusResult } from './result';

export type { Ob3StatusResult } from './result';

/** The `credentialStatus` entries of a credential (one object or an array of them). */
export function statusEntries(credential: Obj): unknown[] {
  return many(credential['credentialStatus']);
}

/**
 * The status one entry of `credential` gives, read from `list`: the document found at the entry's
 * list URL (`statusListCredential`, or `id` for 1EdTech's list), fetched and, for a list credential,
 * signature-checked by the caller. A status method not read here is an error, never "active".
 */
export async function checkOb3Status(
  credential: Obj,
  entry: unknown,
  list: unknown,
  now = new Date(),
): Promise<Ob3StatusResult> {
  if (!isObj(entry)) return { state: 'error', code: 'E176', reason: 'credentialStatus is not an object' };
  const type = entry['type'];
  if (type === '1EdTechRevocationList') return checkRevocationList(credential['id'], list);
  if (isBitstringEntryType(type)) return checkBitstringStatus(entry, list, now);
  return { state: 'error', code: 'E999', reason: `status method ${String(type)} is not read here` };
}

/** The URL of the list an entry points at, for the caller to fetch (undefined when there is none). */
export function statusListUrl(entry: unknown): string | undefined {
  if (!isObj(entry)) return undefined;
  const url = entry['type'] === '1EdTechRevocationList' ? entry['id'] : entry['statusListCredential'];
  return typeof url === 'string' && url !== '' ? url : undefined;
}
