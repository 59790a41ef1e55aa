import type { AcadDocKind } from '../db/schema';
import type { ClrSummary } from './present';
import { ITEM_OF, type Group, type Item, type VerifyCode } from './codes';

/** One line of the report per check, in the order they ran (architecture rule 4). */
export interface CheckResult {
  check: string;
  /** The part of the report it belongs to: the credential itself, one of the four items, or extras. */
  group: Group;
  outcome: 'pass' | 'fail' | 'skip';
  code: VerifyCode | null;
  severity: 'error' | 'warning' | 'info';
}

export type ItemStatus = 'success' | 'fail';
export type VerifyState = 'valid' | 'invalid' | 'unverifiable';

export interface BadgeInformation {
  badge_name: string | null;
  issuer_name: string | null;
  issuing_date: string | null;
  expiry_date: string | null;
  badge_recipient_name: string | null;
  badge_expired: boolean;
  revoked: boolean;
  revocation_reason: string | null;
}

/** The spec's verification answer (§3 "Verification result", §7 Public/Verification). */
export interface VerificationReport {
  badge_information: BadgeInformation;
  items: Record<Item, { status: ItemStatus; text: string | null }>;
  verify_errors_count: number;
  verify_errors_code: VerifyCode[];
  verify_warning_count: number;
  verify_warnings_code: VerifyCode[];
  badge_pass: boolean;
  verify_state: VerifyState;
  /** Every check that ran, in order, with what it found (architecture rule 4). */
  checks: CheckResult[];
  /**
   * OB 3.0 endorsements, verified one level deep; they never change the four items (issue 21).
   * `name`: the endorser's name as the endorsement writes it (not itself verified), or null.
   */
  endorsements?: { id: string | null; name: string | null; state: VerifyState; claimed?: true }[];
  /**
   * Set when what was verified is an academic document issued here (by id or by its PDF; issue
   * 35): its kind, so the result speaks of a certificate, not a badge. Absent for badges.
   */
  certificate?: { kind: AcadDocKind };
  /**
   * A CLR 2.0 record (issue 38): each nested credential with its own verdict, and how many
   * achievements and associations it lists. The four items are the record's own.
   */
  clr?: ClrSummary;
}

const ITEMS: Item[] = ['issued_by', 'issued_on', 'awarded_to', 'expires_on'];

/** Whether the report found the issuer's name to be the credential's own claim (W003, issue 33). */
export const issuerClaimedIn = (r: VerificationReport): boolean => r.verify_warnings_code.includes('W003');

/**
 * Builds the report: each item fails when a code of its own (or one of all four) is present. W001
 * (no address given) is not reported beside E179: the document itself was altered, so whose
 * address to check it against does not matter (issue 33).
 */
export function buildReport(
  info: BadgeInformation,
  texts: Partial<Record<Item, string | null>>,
  codes: VerifyCode[],
  unverifiable = false,
  checks: CheckResult[] = [],
): VerificationReport {
  const altered = codes.includes('E179');
  const unique = [...new Set(codes)].filter((c) => !(altered && c === 'W001'));
  const failed = (item: Item) => unique.some((c) => ITEM_OF[c] === item || ITEM_OF[c] === 'all');
  const items = Object.fromEntries(
    ITEMS.map((i) => [i, { status: failed(i) ? 'fail' : 'success', text: texts[i] ?? null }]),
  ) as VerificationReport['items'];
  const errors = unique.filter((c) => c.startsWith('E'));
  const warnings = unique.filter((c) => c.startsWith('W'));
  const pass = ITEMS.every((i) => items[i].status === 'success');
  return {
    badge_information: info,
    items,
    verify_errors_count: errors.length,
    verify_errors_code: errors,
    verify_warning_count: warnings.length,
    verify_warnings_code: warnings,
    badge_pass: pass,
    verify_state: pass ? 'valid' : unverifiable ? 'unverifiable' : 'invalid',
    checks,
  };
}

export const EMPTY_INFO: BadgeInformation = {
  badge_name: null,
  issuer_name: null,
  issuing_date: null,
  expiry_date: null,
  badge_recipient_name: null,
  badge_expired: false,
  revoked: false,
  revocation_reason: null,
};

/**
 * A document whose signed credential could not be read at all (a PDF's attached *.jws damaged or
 * changed so that it is no JWS any more): altered or damaged, nothing of it read (E179).
 */
export function alteredReport(check: string): VerificationReport {
  return buildReport(EMPTY_INFO, {}, ['E179'], false, [
    { check, group: 'credential', outcome: 'fail', code: 'E179', severity: 'error' },
  ]);
}
