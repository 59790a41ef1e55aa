import type { Ob3Deps } from '../../../ob3/verify/deps';
import type { NestedVerdict } from '../../../verdict/present';
import { PASS, passWith, SKIP, withOut, type Step } from '../../../verdict/step';
import { subjectOf } from '../../../ob3/verify/facts';
import { nestedOf, type ClrFacts } from '../facts';
import { memoSource } from '../memo-source';
import { learnerOf, verifyNested } from '../nested';

/**
 * Every nested credential verified on its own, one after another (one fetch budget for the whole
 * record, each address read once), and listed with its verdict (issue 38). The record is judged by
 * its own proof and issuer: a nested credential that does not hold fails no item of it, but is
 * said (W006), and so is one that could not be checked now when none failed (W007). Only a record
 * that holds as its issuer's says whose its credentials are: one whose data model is broken, whose
 * proof or JWT did not verify, or whose key is not its issuer's lists none of them.
 */
export const checkClrNested: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrNested',
  group: 'extras',
  async run(f, deps) {
    if (f.broken || !f.signed || f.binding === null) return SKIP;
    const entries = nestedOf(f.credential);
    if (entries.length === 0) return SKIP;
    const seen = new Set<string>();
    const learner = learnerOf(subjectOf(f.credential), f.recipient);
    const once = { ...deps, src: memoSource(deps.src) };
    const nested: NestedVerdict[] = [];
    for (const [index, entry] of entries.entries()) nested.push(await verifyNested(index, entry, seen, learner, once));
    const note = nested.some((n) => n.state === 'invalid')
      ? 'W006'
      : nested.some((n) => n.state === 'unverifiable')
        ? 'W007'
        : null;
    return withOut(note ? passWith(note) : PASS, { nested });
  },
};
