import type { VerifyCode } from '../../../verdict/codes';
import { fail, PASS, SKIP, type Group, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts } from '../facts';
import type { ClassName } from './classes';
import { validateNode, type Problem } from './validate';

export interface ModelCheckSpec {
  name: string;
  group: Group;
  code: VerifyCode;
  cls: ClassName;
  /** The node to check, or null/undefined when there is none (the step is skipped). */
  node: (facts: Readonly<Ob2Facts>) => unknown;
  /** Which of the node's problems this step reports. */
  counts: (p: Problem) => boolean;
}

/**
 * A data-model step (HV-22): one class table applied to one node of the verified badge, failing
 * with its own code when a problem it reports is found. The OB 2.0 tables apply to OB 2.0 badges;
 * a 1.0/1.1 badge is held to what its own version required, which the upgrade to 2.0 checks.
 */
export function modelCheck(spec: ModelCheckSpec): Step<Ob2Facts, Ob2Deps> {
  return {
    name: spec.name,
    group: spec.group,
    run(facts) {
      if (facts.version !== '2.0') return SKIP;
      const node = spec.node(facts);
      if (node === null || node === undefined) return SKIP;
      return validateNode(node, spec.cls).some(spec.counts) ? fail(spec.code) : PASS;
    },
  };
}

/** A problem of the node itself (depth 0), not of a node embedded in it. */
export const own = (p: Problem) => p.depth === 0;
