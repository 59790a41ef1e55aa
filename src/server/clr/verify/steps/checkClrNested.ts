import type { Ob3Deps } from '../../../ob3/verify/deps';
import type { NestedVerdict } from '../../../verdict/present';
import { PASS, passWith, SKIP, withOut, type Step } from '../../../verdict/step';
import { nestedOf, type ClrFacts } from '../facts';
import { verifyNested } from '../nested';

/**
 * Every nested credential verified on its own, one after another (one fetch budget for the whole
 * record), and listed with its verdict (issue 38). The record is judged by its own proof and
 * issuer: a nested credential that does not hold fails no item of it, but is said (W006), and so
 * is one that could not be checked now when none failed (W007). Not run on a record whose own data
 * model is broken.
 */
export const checkClrNested: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrNested',
  group: 'extras',
  async run(f, deps) {
    if (f.broken) return SKIP;
    const entries = nestedOf(f.credential);
    if (entries.length === 0) return SKIP;
    const seen = new Set<string>();
    const nested: NestedVerdict[] = [];
    for (const [index, entry] of entries.entries()) nested.push(await verifyNested(index, entry, seen, deps));
    const note = nested.some((n) => n.state === 'invalid')
      ? 'W006'
      : nested.some((n) => n.state === 'unverifiable')
        ? 'W007'
        : null;
    return withOut(note ? passWith(note) : PASS, { nested });
  },
};
