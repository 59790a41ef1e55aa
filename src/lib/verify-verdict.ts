type Item = 'issued_by' | 'issued_on' | 'awarded_to' | 'expires_on';

/** The parts of a verification report (spec §3) that decide its overall message. */
export interface VerdictReport {
  badge_pass: boolean;
  verify_state: string;
  badge_information: { revoked: boolean };
  verify_errors_code: readonly string[];
  verify_warnings_code: readonly string[];
  items: Record<Item, { status: string }>;
}

/** Which overall message a report gets; `recipient_unchecked` is neutral, not a failure. */
export type Verdict = 'pass' | 'altered' | 'revoked' | 'unverifiable' | 'recipient_unchecked' | 'not_pass';

/**
 * The overall message of a verification. W001 (no address given) still fails awarded_to as spec §8
 * says, but when it is the only finding everything else was verified, so the page says so plainly
 * and asks for the address instead of calling a genuine badge invalid (issue 24 item 4). A document
 * altered after it was signed (E179) says so before anything else: what it says is not the
 * issuer's, whatever else failed (issue 33 item 4).
 */
export function verdictOf(r: VerdictReport): Verdict {
  if (r.badge_pass) return 'pass';
  if (r.verify_errors_code.includes('E179')) return 'altered';
  if (r.badge_information.revoked) return 'revoked';
  if (r.verify_state === 'unverifiable') return 'unverifiable';
  // W001 and no other reason for awarded_to to fail (W002: an identity no address can match). A
  // warning that fails no item (W004) does not make a genuine badge read as a failure; W003 does not
  // allow "its issuer was verified", which this message says (issue 33).
  const onlyW001 =
    r.verify_errors_code.length === 0 &&
    r.verify_warnings_code.includes('W001') &&
    !r.verify_warnings_code.some((w) => w === 'W002' || w === 'W003');
  const restPassed = (['issued_by', 'issued_on', 'expires_on'] as const).every((i) => r.items[i].status === 'success');
  return onlyW001 && restPassed ? 'recipient_unchecked' : 'not_pass';
}

/** The CSS class of the overall message: green, neutral or red. */
export function verdictClass(v: Verdict): string {
  return v === 'pass'
    ? 'verdict verdict-pass'
    : v === 'recipient_unchecked'
      ? 'verdict verdict-neutral'
      : 'verdict verdict-fail';
}

/**
 * Codes after which nothing the document says is known to be its issuer's: altered after signing
 * (E179), or signed by a key that is not the named issuer's or not found, or an issuer not verified
 * (E169, E177, E168). Issue 33.
 */
const NOT_THE_ISSUERS = new Set(['E168', 'E169', 'E177', 'E179']);

/**
 * Whether the values beside the four items are only what the document says: they are shown "as
 * written in the document, not verified", never as its verified details.
 */
export const asWritten = (r: Pick<VerdictReport, 'verify_errors_code'>) =>
  r.verify_errors_code.some((c) => NOT_THE_ISSUERS.has(c));

/** How one item is labelled: verified, not, the issuer's own claim (W003), or only as written. */
export type ItemLabel = 'success' | 'fail' | 'claimed' | 'as_written';

/**
 * The label of one of the four items (issue 33): an item that passed says "verified" only when the
 * document is its issuer's; issued_by passed by a key that is the issuer's id alone (W003) says the
 * name is not proven.
 */
export function itemLabel(r: VerdictReport, item: Item): ItemLabel {
  if (r.items[item].status !== 'success') return 'fail';
  if (asWritten(r)) return 'as_written';
  return item === 'issued_by' && r.verify_warnings_code.includes('W003') ? 'claimed' : 'success';
}
