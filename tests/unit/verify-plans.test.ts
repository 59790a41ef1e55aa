import { describe, expect, it } from 'vitest';
import { blockcertsVerifier } from '../../src/server/blockcerts/verify';
import { ob3Verifier } from '../../src/server/ob3/verify';
import { ob2Verifier } from '../../src/server/openbadges/verify';
import type { VerifyDeps } from '../../src/server/verdict/deps';
import { runPlan } from '../../src/server/verdict/run';
import { fail, PASS, SKIP, withOut, type Step } from '../../src/server/verdict/step';

/* Issue 36, item 1: each format names its own steps, each under one part of the report. */

const GROUPS = ['credential', 'issued_by', 'issued_on', 'awarded_to', 'expires_on', 'extras'];
const plans = { ob2: ob2Verifier.plan, ob3: ob3Verifier.plan, blockcerts: blockcertsVerifier.plan };

describe('the plans of the three formats', () => {
  it('hold their own steps: 32 for OB 2.0, 13 for OB 3.0, 9 for Blockcerts, no name twice', () => {
    expect(Object.values(plans).map((p) => p.length)).toEqual([32, 13, 9]);
    const names = Object.values(plans).flatMap((p) => p.map((s) => s.name));
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('detectFormat');
  });

  it('put every step under the credential, one of the four items, or the extras', () => {
    for (const plan of Object.values(plans)) for (const s of plan) expect(GROUPS).toContain(s.group);
    // The dates of each format are under their items, the recipient under awarded_to.
    const groupOf = (name: string) =>
      Object.values(plans)
        .flat()
        .find((s) => s.name === name)?.group;
    expect(['checkExpiry', 'checkIssuedOn', 'checkRecipient', 'checkOb3Recipient'].map(groupOf)).toEqual([
      'expires_on',
      'issued_on',
      'awarded_to',
      'awarded_to',
    ]);
  });
});

describe('runPlan', () => {
  type F = { n: number; seen: number[] };
  const deps = {} as VerifyDeps;
  const add: Step<F, VerifyDeps> = { name: 'add', group: 'credential', run: (f) => withOut(PASS, { n: f.n + 1 }) };

  it('gives each step the facts the steps before it produced, and never changes the ones it started with', async () => {
    const start: F = { n: 1, seen: [] };
    const record: Step<F, VerifyDeps> = {
      name: 'record',
      group: 'extras',
      run: (f) => withOut(f.n > 2 ? fail('E999', true) : SKIP, { seen: [...f.seen, f.n] }),
    };
    const ran = await runPlan([add, record, add, record], start, deps);
    expect(start).toEqual({ n: 1, seen: [] });
    expect(ran.facts).toEqual({ n: 3, seen: [2, 3] });
    expect(ran.results.map((r) => [r.check, r.group, r.outcome, r.code])).toEqual([
      ['add', 'credential', 'pass', null],
      ['record', 'extras', 'skip', null],
      ['add', 'credential', 'pass', null],
      ['record', 'extras', 'fail', 'E999'],
    ]);
    expect(ran.unverifiable).toBe(true);
  });

  it('refuses a step that writes into the facts it was given', async () => {
    const writer: Step<F, VerifyDeps> = {
      name: 'writer',
      group: 'credential',
      run: (f) => {
        (f as F).n = 99;
        return PASS;
      },
    };
    await expect(runPlan([add, writer], { n: 1, seen: [] }, deps)).rejects.toThrow(TypeError);
  });
});
