import { bitAt, decodeEncodedList } from './bits';
import { ACTIVE, isObj, malformed, many, type Obj, type Ob3StatusResult } from './result';

/** The two bit-string methods: the entry type, the list credential's and its subject's types. */
const METHODS = {
  BitstringStatusListEntry: { list: 'BitstringStatusListCredential', subject: 'BitstringStatusList', multibase: true },
  StatusList2021Entry: { list: 'StatusList2021Credential', subject: 'StatusList2021', multibase: false },
} as const;

export type BitstringEntryType = keyof typeof METHODS;

export const isBitstringEntryType = (t: unknown): t is BitstringEntryType =>
  typeof t === 'string' && Object.hasOwn(METHODS, t);

/** A list index as the specifications write it (a decimal string; 1EdTech's fixtures use a number). */
function indexOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^(0|[1-9][0-9]{0,9})$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/**
 * How far a list's `validFrom` may lie ahead of the verifier's clock. Status lists are signed when
 * they change, often moments before they are read: an issuer whose clock runs a little ahead, or
 * Lanyard's own list signed lazily during the very verification whose time was taken at its start
 * (a second boundary crossed in between made a fresh credential fail with E176 on a busy machine),
 * is not a list from the future. Expiry gets no such grace.
 */
export const STATUS_LIST_CLOCK_SKEW_MS = 60_000;

/** Why the list credential is outside its own validity period at `now`, if it is. */
function outOfDate(list: Obj, now: Date): string | undefined {
  const until = list['validUntil'] ?? list['expirationDate'];
  if (typeof until === 'string' && Date.parse(until) <= now.getTime()) return `the status list expired at ${until}`;
  const from = list['validFrom'];
  if (typeof from === 'string' && Date.parse(from) > now.getTime() + STATUS_LIST_CLOCK_SKEW_MS)
    return `the status list is valid only from ${from}`;
  return undefined;
}

/**
 * The status of a BitstringStatusListEntry or StatusList2021Entry in its (already fetched and
 * signature-checked) list credential. Only the purposes `revocation` and `suspension` are read, each
 * a single bit. An index past the list's end is a refusal, never "not revoked".
 */
export async function checkBitstringStatus(entry: Obj, list: unknown, now = new Date()): Promise<Ob3StatusResult> {
  const type = entry['type'];
  if (!isBitstringEntryType(type)) return malformed('the entry is not a bit-string status entry');
  const method = METHODS[type];
  const purpose = entry['statusPurpose'];
  if (purpose !== 'revocation' && purpose !== 'suspension') {
    return { state: 'error', code: 'E999', reason: `status purpose ${String(purpose)} is not read here` };
  }
  const index = indexOf(entry['statusListIndex']);
  if (index === undefined) return malformed('statusListIndex is not a non-negative integer');
  const size = entry['statusSize'];
  if (size !== undefined && size !== 1 && size !== '1')
    return malformed('a revocation or suspension entry has one bit');
  if (!isObj(list) || !many(list['type']).includes(method.list)) return malformed(`the list is not a ${method.list}`);
  const stale = outOfDate(list, now);
  if (stale) return malformed(stale);
  const subject = list['credentialSubject'];
  if (!isObj(subject) || !many(subject['type']).includes(method.subject)) {
    return malformed(`the list's subject is not a ${method.subject}`);
  }
  if (!many(subject['statusPurpose']).includes(purpose)) return malformed(`the list is not for ${purpose}`);
  const bits = await decodeEncodedList(subject['encodedList'], method.multibase);
  if (!bits.ok) return malformed(bits.reason);
  const bit = bitAt(bits.bytes, index);
  if (bit === undefined) return malformed(`index ${index} is past the list's ${bits.bytes.length * 8} entries`);
  if (bit === 0) return ACTIVE;
  return { state: purpose === 'revocation' ? 'revoked' : 'suspended' };
}
