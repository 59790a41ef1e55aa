import { fail, PASS, SKIP, type Check } from '../check';
import type { VerifyCode } from '../codes';
import type { VerifyContext } from '../context';
import type { ClassName } from './classes';
import { validateNode, type Problem } from './validate';

export interface ModelCheckSpec {
  name: string;
  code: VerifyCode;
  cls: ClassName;
  /** The node to check, or null/undefined when there is none (the check is skipped). */
  node: (ctx: VerifyContext) => unknown;
  /** Which of the node's problems this check reports. */
  counts: (p: Problem) => boolean;
}

/**
 * A data-model check (HV-22): one class table applied to one node of the verified badge, failing
 * with its own code when a problem it reports is found. The OB 2.0 tables apply to OB 2.0 badges;
 * a 1.0/1.1 badge is held to what its own version required, which the upgrade to 2.0 checks.
 */
export function modelCheck(spec: ModelCheckSpec): Check {
  return {
    name: spec.name,
    run(ctx) {
      if (ctx.version !== '2.0') return SKIP;
      const node = spec.node(ctx);
      if (node === null || node === undefined) return SKIP;
      return validateNode(node, spec.cls).some(spec.counts) ? fail(spec.code) : PASS;
    },
  };
}

/** A problem of the node itself (depth 0), not of a node embedded in it. */
export const own = (p: Problem) => p.depth === 0;
