import { safeUrl } from '../../../lib/safe-url';
import { obj, subjectOf } from '../../ob3/verify/facts';
import type { HeldClrRow } from './repo';
import type { HeldVerdict } from './service';
import { clrTranscript, type ClrTranscript } from './transcript';

type Obj = Record<string, unknown>;

/** A held record as its public page shows it: never an address. */
export interface PublicHeldRecord {
  id: string;
  title: string;
  description: string | null;
  issuer_name: string;
  issuer_claimed: boolean;
  /** The issuer's site as the record gives it, only when it is http(s). */
  issuer_url: string | null;
  issued_on: string;
  checked_on: string;
  expired: boolean;
  learner_bound: boolean;
  nested: HeldVerdict['nested'];
  transcript: ClrTranscript;
}

/**
 * The owner's view adds whether it is public, the address it was shown to be issued to, where it
 * came from, and what its last weekly check found: revoked (with the issuer's reason), or no
 * longer verifying (with its codes). The public never sees a record in either state.
 */
export interface OwnerHeldRecord extends PublicHeldRecord {
  is_public: boolean;
  revoked: boolean;
  revoked_reason: string | null;
  invalid: boolean;
  errors: string[];
  learner_address: string | null;
  /** How the record names its learner when it is no address of the account (a DID), or null. */
  learner_named: string | null;
  source_url: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The record and its last verdict. The learner counts as bound only while the address it was found
 * issued to is still one of the holder's verified addresses (removed since: the page no longer says
 * so, before the next weekly check catches up).
 */
function parsed(row: HeldClrRow): { record: Obj; verdict: HeldVerdict; named: string | null } {
  const verdict = JSON.parse(row.reportJson) as HeldVerdict;
  const bound = verdict.learner_bound && row.learnerStillVerified;
  const record = JSON.parse(row.credentialJson) as Obj;
  return {
    record,
    verdict: { ...verdict, learner_bound: bound, learner_address: bound ? verdict.learner_address : null },
    // How the record names its learner when that is not (or no longer) one of the holder's addresses.
    named: bound ? null : (str(subjectOf(record)?.['id']) ?? verdict.learner_address),
  };
}

/** What the public may read of a held record (issue 38, item 2); expired is as of `now`. */
export const publicHeldRecord = (row: HeldClrRow, now = Date.now()): PublicHeldRecord =>
  publicView(row, parsed(row), now);

/** The public view from a record read once (a record may be 256 KiB of JSON: not parsed twice). */
function publicView(row: HeldClrRow, { record, verdict }: ReturnType<typeof parsed>, now: number): PublicHeldRecord {
  const issuer = obj(record['issuer']);
  return {
    id: row.id,
    title: row.title,
    description: str(record['description']),
    issuer_name: row.issuerName,
    issuer_claimed: verdict.issuer_claimed,
    issuer_url: safeUrl(str(issuer?.['url']) ?? str(issuer?.['id'])),
    issued_on: iso(row.issuedOn),
    checked_on: iso(verdict.checked_at),
    expired: row.expiresAt !== null && row.expiresAt <= now,
    learner_bound: verdict.learner_bound,
    nested: verdict.nested,
    transcript: clrTranscript(record, verdict.nested),
  };
}

/** The owner's view of a held record. */
export function ownerHeldRecord(row: HeldClrRow, now = Date.now()): OwnerHeldRecord {
  const read = parsed(row);
  const { verdict, named } = read;
  return {
    ...publicView(row, read, now),
    is_public: row.isPublic,
    revoked: row.revokedAt !== null,
    revoked_reason: row.revokedReason,
    invalid: row.verifyStatus === 'invalid',
    // Rows written before errors were kept have none to show.
    errors: verdict.errors ?? [],
    learner_address: verdict.learner_address,
    learner_named: named,
    source_url: safeUrl(row.sourceUrl),
  };
}
