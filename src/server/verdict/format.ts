import type { VerifyDeps } from './deps';
import type { Detected } from './detected';
import type { Presented } from './present';
import type { Step } from './step';

/**
 * A credential format's verification (issue 36): how the facts start from what detection read,
 * the steps that run (in the report's order, each in its group), and what it shows once they ran.
 * Nothing is done at import time: a module is a plain object of functions.
 */
export interface FormatVerifier<K extends Detected['format'], F, D extends VerifyDeps> {
  readonly plan: readonly Step<F, D>[];
  start(detected: Extract<Detected, { format: K }>, deps: VerifyDeps): { facts: F; deps: D };
  present(facts: F, deps: D): Presented;
}
