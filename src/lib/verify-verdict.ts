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
  // W001 and no other reason for awarded_to to fail (W002: an identity no address can match); the
  // warnings that fail no item (W003, W004) do not make a genuine badge read as a failure (issue 33).
  const onlyW001 =
    r.verify_errors_code.length === 0 &&
    r.verify_warnings_code.includes('W001') &&
    !r.verify_warnings_code.includes('W002');
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
 * Whether the values beside the four items are only what the document says: for an altered one
 * they are shown "as written in the document, not verified", never as its verified details.
 */
export const asWritten = (v: Verdict) => v === 'altered';
