import type { VerifyDeps } from '../../verdict/deps';
import type { FormatVerifier } from '../../verdict/format';
import { badgeOf, datesOf, nameOf, newBcFacts, type BcFacts } from './facts';
import { checkAnchorTransaction } from './steps/checkAnchorTransaction';
import { checkBlockcertsDates } from './steps/checkBlockcertsDates';
import { checkBlockcertsHash } from './steps/checkBlockcertsHash';
import { checkBlockcertsIssuerKey } from './steps/checkBlockcertsIssuerKey';
import { checkBlockcertsRecipient } from './steps/checkBlockcertsRecipient';
import { checkBlockcertsRevocation } from './steps/checkBlockcertsRevocation';
import { checkMerklePath } from './steps/checkMerklePath';
import { fetchBlockcertsIssuer } from './steps/fetchBlockcertsIssuer';
import { readBlockcertsProof } from './steps/readBlockcertsProof';

export type { BcFacts } from './facts';

/**
 * Blockcerts v2/v3 (issue 19), given or found at a URL: the proof, the credential's hash, its Merkle
 * path to the root, the root in the anchoring transaction, the issuer whose key sent it,
 * revocation, recipient, dates. Nothing is fetched once for several steps, so the deps are the
 * shared ones.
 */
export const blockcertsVerifier: FormatVerifier<'blockcerts', BcFacts, VerifyDeps> = {
  plan: [
    readBlockcertsProof,
    checkBlockcertsHash,
    checkMerklePath,
    checkAnchorTransaction,
    fetchBlockcertsIssuer,
    checkBlockcertsIssuerKey,
    checkBlockcertsRevocation,
    checkBlockcertsRecipient,
    checkBlockcertsDates,
  ],
  start(detected, deps) {
    return { facts: newBcFacts(detected.doc), deps };
  },
  present(facts) {
    const dates = datesOf(facts);
    return {
      dates,
      // The profile only once the anchoring transaction's sender is one of its keys.
      issuer: facts.issuer,
      badgeName: nameOf(facts),
      recipient: facts.recipient,
      revoked: facts.revoked,
      endorsements: [],
      // A Blockcerts credential is kept whole, with a badge to show and its issuer once verified.
      docs: { assertion: facts.doc, url: null, badge: badgeOf(facts), issuer: facts.issuer, dates },
    };
  },
};
