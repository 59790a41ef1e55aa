import { blockcertsVerifier } from '../blockcerts/verify';
import { clrVerifier } from '../clr/verify';
import { ob3Verifier } from '../ob3/verify';
import { ob2Verifier } from '../openbadges/verify';
import type { VerifyDeps } from '../verdict/deps';
import type { Detected } from '../verdict/detected';
import type { FormatVerifier } from '../verdict/format';
import type { Presented } from '../verdict/present';
import type { CheckResult } from '../verdict/report';
import { runPlan } from '../verdict/run';

type Verifiable = Exclude<Detected, { format: 'refused' }>;

/**
 * Each format's verifier, by the format detection names. A verifier's facts and deps are its own;
 * here they are only passed from its start to its steps and its present, so they are unknown.
 */
const VERIFIERS: { [K in Verifiable['format']]: FormatVerifier<K, unknown, VerifyDeps> } = {
  ob2: ob2Verifier,
  ob3: ob3Verifier,
  clr: clrVerifier,
  blockcerts: blockcertsVerifier,
};

/** What a format's steps gave: the lines in order, HV-08, and what the format shows. */
export interface Verified {
  results: CheckResult[];
  unverifiable: boolean;
  shown: Presented | null;
}

/**
 * The format's steps for what detection decided, after detection's own lines; a refused format
 * has only those lines.
 */
export async function verifyDetected(detected: Detected, base: VerifyDeps): Promise<Verified> {
  if (detected.format === 'refused') return { results: detected.lines, unverifiable: false, shown: null };
  const format = VERIFIERS[detected.format] as FormatVerifier<Verifiable['format'], unknown, VerifyDeps>;
  const { facts, deps } = format.start(detected as never, base);
  const ran = await runPlan(format.plan, facts, deps, detected.lines);
  return { results: ran.results, unverifiable: ran.unverifiable, shown: format.present(ran.facts, deps) };
}
