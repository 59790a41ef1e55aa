import { newId, sha256Hex } from '../../auth/tokens';
import { AppError } from '../../errors';
import type { VerifyCode } from '../../verdict/codes';
import { parseIsoDate } from '../../verdict/dates';
import type { NestedVerdict, VerifiedDocs } from '../../verdict/present';
import { issuerClaimedIn, type VerificationReport } from '../../verdict/report';
import { heldRecordPath } from './paths';
import { heldClrRepo, type HeldClrRow } from './repo';

/** What a held record's pages say of its verification: what held when it was added, and when. */
export interface HeldVerdict {
  checked_at: number;
  /** The record's own errors at that check (none while it verifies; expiry aside). */
  errors: VerifyCode[];
  /** The record's own warnings (W003: its issuer's name is its own claim; W009: its schema not checked). */
  warnings: VerifyCode[];
  /** The learner is one of the account's verified addresses (the record names it). */
  learner_bound: boolean;
  /** The address the record was shown to be issued to, when it was. */
  learner_address: string | null;
  issuer_claimed: boolean;
  nested: NestedVerdict[];
}

/** Codes a held record may carry and still be held: expiry, and a learner who cannot be tied to the account. */
const HOLDABLE = new Set<VerifyCode>(['E045', 'E022']);
/** Whether a record's errors leave it holdable (when it is added, and at each later check). */
export const holdable = (codes: readonly VerifyCode[]) => codes.every((c) => HOLDABLE.has(c));

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * Why a record cannot be held, or null: it must verify as a whole (its own proof, issuer binding,
 * dates, status; a nested credential that fails is shown, not refused), it must not be revoked, and
 * a record issued to an address must be issued to one of the account's verified addresses (as for
 * badges, HV-06). A record naming its learner by a DID or not at all is held, and its page says
 * that Lanyard could not tie it to the holder.
 */
function refusal(report: VerificationReport): AppError | null {
  const codes = report.verify_errors_code;
  if (report.verify_state === 'unverifiable') return new AppError('E422103');
  if (report.badge_information.revoked) return new AppError('E422102');
  // W001: the account has no verified address to check an address-bound record against.
  if (codes.includes('E025') || report.verify_warnings_code.includes('W001')) return new AppError('E422101');
  if (!holdable(codes)) return new AppError('E422102');
  return null;
}

/** The verdict kept with a record, from the report of the verification that let it in. */
export function heldVerdictOf(report: VerificationReport, now: number): HeldVerdict {
  const bound = report.items.awarded_to.status === 'success';
  return {
    checked_at: now,
    errors: report.verify_errors_code,
    warnings: report.verify_warnings_code,
    learner_bound: bound,
    learner_address: bound ? report.badge_information.badge_recipient_name : null,
    issuer_claimed: issuerClaimedIn(report),
    nested: report.clr?.nested ?? [],
  };
}

/**
 * Holds a verified learner record in the account's certificates tab (issue 38, item 2): kept as it
 * was given (its JSON or VC-JWT) and as read, with the verdict that let it in. The same record twice
 * is E409106 naming the copy held; one INSERT, so 50 at once keep one.
 */
export async function holdRecord(
  d1: D1Database,
  accountId: string,
  report: VerificationReport,
  docs: VerifiedDocs,
  raw: string | null,
  now: number,
): Promise<{ id: string }> {
  const refused = refusal(report);
  if (refused) throw refused;
  const record = docs.clr?.credential;
  if (!record) throw new AppError('E422100');
  const given = raw ?? docs.clr?.jwt ?? JSON.stringify(record);
  const externalId = str(record['id']) ?? `urn:sha256:${await sha256Hex(given)}`;
  const repo = heldClrRepo(d1);
  // A record of a document issued here to this account is already in its certificates: holding
  // it would show it twice (as an API client that reads it and posts it back would make it).
  const issued = await repo.issuedHereAs(accountId, externalId);
  if (issued) throw new AppError('E409106', { existing: `/acaddocs/detail/${encodeURIComponent(issued)}` });
  const id = newId();
  const held = await repo.insert({
    id,
    accountId,
    externalId,
    sourceUrl: docs.url ?? null,
    raw: given,
    credentialJson: JSON.stringify(record),
    title: (str(record['name']) ?? '').slice(0, 500),
    // The issuer's name only as the report shows it: proven, or the record's claim (then marked).
    issuerName: (report.badge_information.issuer_name ?? '').slice(0, 500),
    issuedOn: parseIsoDate(docs.dates?.issuedOn) ?? now,
    expiresAt: parseIsoDate(docs.dates?.expires),
    reportJson: JSON.stringify(heldVerdictOf(report, now)),
    createdAt: now,
  });
  if (held) return { id };
  const existing = await repo.idOf(accountId, externalId);
  throw new AppError('E409106', existing ? { existing: heldRecordPath(existing) } : {});
}

/** The owner's record, or null for anyone else's or a removed one (AZ-01). */
export const ownedRecord = (d1: D1Database, id: string, accountId: string): Promise<HeldClrRow | null> =>
  heldClrRepo(d1).owned(id, accountId);

/** A record the viewer may have verified by id: a public one, or their own private one. */
export const viewableRecord = (d1: D1Database, id: string, viewer: string | null): Promise<HeldClrRow | null> =>
  heldClrRepo(d1).viewable(id, viewer);

/** A record as the public sees it, or null while it is not public. */
export const publicRecord = (d1: D1Database, id: string): Promise<HeldClrRow | null> => heldClrRepo(d1).publicOne(id);

/**
 * Publishes or hides the owner's record; anyone else's is E404108, and one revoked or no longer
 * verifying cannot be published (E409116, as a revoked certificate).
 */
export async function setRecordPublic(d1: D1Database, id: string, accountId: string, isPublic: boolean, now: number) {
  const repo = heldClrRepo(d1);
  if ((await repo.setPublic(id, accountId, isPublic, now)) === 1) return;
  throw new AppError((await repo.owned(id, accountId)) ? 'E409116' : 'E404108');
}

/** Removes the owner's record for good; anyone else's, or one already removed, is E404108. */
export async function removeRecord(d1: D1Database, id: string, accountId: string) {
  if ((await heldClrRepo(d1).remove(id, accountId)) !== 1) throw new AppError('E404108');
}
