import type { VerifyCode } from './codes';
import type { VerifyContext } from './context';
import type { CheckResult } from './report';

/** What one check found: passed, not applicable (or its prerequisite failed), or failed with a code. */
export type Finding =
  | { outcome: 'pass'; note?: VerifyCode }
  | { outcome: 'skip' }
  | { outcome: 'fail'; code: VerifyCode; unverifiable: boolean };

/**
 * One named step of verification. It reads what earlier steps left on the context, may leave
 * something for later ones, and returns its finding instead of throwing.
 */
export interface Check {
  readonly name: string;
  run(ctx: VerifyContext): Promise<Finding> | Finding;
}

export const PASS: Finding = { outcome: 'pass' };
export const SKIP: Finding = { outcome: 'skip' };

/** A failed check; `unverifiable` when the cause is that something could not be reached now (HV-08). */
export const fail = (code: VerifyCode, unverifiable = false): Finding => ({ outcome: 'fail', code, unverifiable });

/** A passed check that still has something to say: a warning that fails no item (W003). */
export const passWith = (note: VerifyCode): Finding => ({ outcome: 'pass', note });

/** The report line of a finding: errors are E codes, warnings W codes, the rest is information. */
export function resultOf(check: Check, f: Finding): CheckResult {
  const code = f.outcome === 'fail' ? f.code : f.outcome === 'pass' ? (f.note ?? null) : null;
  const severity = code?.startsWith('E') ? 'error' : code ? 'warning' : 'info';
  return { check: check.name, outcome: f.outcome, code, severity };
}
