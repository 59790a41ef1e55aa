import type { CheckResult } from './report';
import { resultOf, type Step } from './step';

/** What running a plan gave: the facts as the last step left them, a line per step, and HV-08. */
export interface Ran<F> {
  facts: F;
  results: CheckResult[];
  unverifiable: boolean;
}

/**
 * Runs a format's steps in order. Each sees the facts as the steps before it left them; what it
 * produced is merged into a new facts object (never into the old one), so a step is a function of
 * what came before it. Every step reports, including one that skips because what it needs is
 * missing (architecture rule 4).
 */
export async function runPlan<F, D>(
  plan: readonly Step<F, D>[],
  start: F,
  deps: D,
  before: CheckResult[] = [],
): Promise<Ran<F>> {
  // Frozen (shallowly) so that a step that writes into what it was given fails at once.
  let facts = Object.freeze({ ...start });
  const results = [...before];
  let unverifiable = false;
  for (const step of plan) {
    const found = await step.run(facts, deps);
    if (found.out) facts = Object.freeze({ ...facts, ...found.out });
    if (found.outcome === 'fail' && found.unverifiable) unverifiable = true;
    results.push(resultOf(step, found));
  }
  return { facts, results, unverifiable };
}
