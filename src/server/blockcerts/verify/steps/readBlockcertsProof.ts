import { fail, PASS, withOut, type Step } from '../../../verdict/step';
import type { VerifyDeps } from '../../../verdict/deps';
import type { BcFacts } from '../facts';
import { readV2, readV3 } from '../proof';

/**
 * Blockcerts, step 1: the proof is read before anything is fetched. v2 carries a chainpoint-style
 * MerkleProof2017 `signature`, v3 a MerkleProof2019 `proof` whose proofValue is base58btc CBOR.
 * A proof made with another hash or suite is E990; one that cannot be read is no credential (E999).
 */
export const readBlockcertsProof: Step<BcFacts, VerifyDeps> = {
  name: 'readBlockcertsProof',
  group: 'credential',
  run(facts) {
    const proof = facts.version === 2 ? readV2(facts.doc['signature']) : readV3(facts.doc['proof']);
    if (proof === 'unsupported') return fail('E990');
    if (proof === 'unreadable') return fail('E999');
    return withOut(PASS, { proof });
  },
};
