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

/** The owner's view adds whether it is public, the address it was shown to be issued to, and where it came from. */
export interface OwnerHeldRecord extends PublicHeldRecord {
  is_public: boolean;
  learner_address: string | null;
  /** How the record names its learner when it is no address of the account (a DID), or null. */
  learner_named: string | null;
  source_url: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const web = (v: string | null) => (v && /^https?:\/\//i.test(v) ? v : null);
const iso = (ms: number) => new Date(ms).toISOString();

function parsed(row: HeldClrRow): { record: Obj; verdict: HeldVerdict } {
  return { record: JSON.parse(row.credentialJson) as Obj, verdict: JSON.parse(row.reportJson) as HeldVerdict };
}

/** What the public may read of a held record (issue 38, item 2). */
export function publicHeldRecord(row: HeldClrRow): PublicHeldRecord {
  const { record, verdict } = parsed(row);
  const issuer = obj(record['issuer']);
  return {
    id: row.id,
    title: row.title,
    description: str(record['description']),
    issuer_name: row.issuerName,
    issuer_claimed: verdict.issuer_claimed,
    issuer_url: web(str(issuer?.['url']) ?? str(issuer?.['id'])),
    issued_on: iso(row.issuedOn),
    checked_on: iso(verdict.checked_at),
    expired: verdict.expired,
    learner_bound: verdict.learner_bound,
    nested: verdict.nested,
    transcript: clrTranscript(record, verdict.nested),
  };
}

/** The owner's view of a held record. */
export function ownerHeldRecord(row: HeldClrRow): OwnerHeldRecord {
  const { record, verdict } = parsed(row);
  return {
    ...publicHeldRecord(row),
    is_public: row.isPublic,
    learner_address: verdict.learner_address,
    learner_named: verdict.learner_bound ? null : str(subjectOf(record)?.['id']),
    source_url: web(row.sourceUrl),
  };
}
