import type { Group, VerifyCode } from './codes';
import type { CheckResult } from './report';

/** What one step found: passed, not applicable (its prerequisite failed), or failed with a code. */
export type Finding =
  | { outcome: 'pass'; note?: VerifyCode }
  | { outcome: 'skip' }
  | { outcome: 'fail'; code: VerifyCode; unverifiable: boolean };

/** A finding, and what the step produced for the steps after it (merged into their facts). */
export type Outcome<F> = Finding & { readonly out?: Partial<F> };

// Named here too for the steps that declare theirs.
export type { Group } from './codes';

/**
 * One named step of a format's verification (cert-verifier-js's shape: steps chosen per format,
 * grouped under parent steps). It reads the facts earlier steps produced, never writes them:
 * what it found for later steps is its outcome's `out`. `D` is what it may ask of the world (the
 * document source, the clock, the addresses to match).
 */
export interface Step<F, D> {
  readonly name: string;
  readonly group: Group;
  run(facts: Readonly<F>, deps: D): Outcome<F> | Promise<Outcome<F>>;
}

export const PASS: Finding = { outcome: 'pass' };
export const SKIP: Finding = { outcome: 'skip' };

/** A failed step; `unverifiable` when the cause is that something could not be reached now (HV-08). */
export const fail = (code: VerifyCode, unverifiable = false): Finding => ({ outcome: 'fail', code, unverifiable });

/** A passed step that still has something to say: a warning that fails no item (W003). */
export const passWith = (note: VerifyCode): Finding => ({ outcome: 'pass', note });

/** A finding with what the step produced. */
export const withOut = <F>(finding: Finding, out: Partial<F>): Outcome<F> => ({ ...finding, out });

/**
 * The report line of a step's finding, under its group: errors are E codes, warnings W codes, the
 * rest is information.
 */
export function resultOf(step: { name: string; group: Group }, f: Finding): CheckResult {
  const code = f.outcome === 'fail' ? f.code : f.outcome === 'pass' ? (f.note ?? null) : null;
  const severity = code?.startsWith('E') ? 'error' : code ? 'warning' : 'info';
  return { check: step.name, group: step.group, outcome: f.outcome, code, severity };
}
