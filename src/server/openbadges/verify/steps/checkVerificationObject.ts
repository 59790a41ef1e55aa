import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import type { Ob2Deps, Ob2Facts, Obj } from '../facts';
import { validateNode } from '../model/validate';

/** A signed badge's type names (JSON-LD compaction prefers the short alias). */
const SIGNED = ['SignedBadge', 'signed'];

const typesOf = (assertion: Obj | null): unknown[] => {
  const v = assertion?.['verification'];
  const t = v && typeof v === 'object' ? (v as Obj)['type'] : undefined;
  return Array.isArray(t) ? (t as unknown[]) : [t];
};

/**
 * Whether the assertion says it is a signed badge. However it arrived, its issuer then revokes it
 * in the issuer's revocation list (spec: "Revoking a Signed Badge"), which checkRevocation reads.
 */
export const declaresSigned = (assertion: Obj | null) => typesOf(assertion).some((x) => SIGNED.includes(x as string));

/**
 * The assertion's VerificationObject is present, typed HostedBadge or SignedBadge (the class
 * table), `creator` an IRI, and it fits how the badge arrived (E983): a JWS must say SignedBadge.
 * An assertion fetched at its URL may say either (issue 33). A SignedBadge found there has no
 * signature to check; what it proves is what a hosted one proves, and no more: the issuer's own
 * host serves it at an id within the issuer's verification scope (checkHostedOrigin), and the
 * issuer has not revoked it (its revocation list, checkRevocation). 1EdTech's validator-core calls
 * it valid and checks less (it reads neither the scope nor the list unless given the JWS).
 */
export const checkVerificationObject: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkVerificationObject',
  group: 'credential',
  run(facts) {
    if (!facts.assertion || facts.version !== '2.0') return SKIP;
    const v = facts.assertion['verification'];
    if (v === undefined || v === null || validateNode(v, 'AssertionVerification').length > 0) return fail('E983');
    return facts.jws && !declaresSigned(facts.assertion) ? fail('E983') : PASS;
  },
};
