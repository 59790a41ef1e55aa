import { fail, PASS, SKIP, type Check } from '../check';
import { readV2, readV3 } from '../bc/proof';

/**
 * Blockcerts, step 1: the proof is read before anything is fetched. v2 carries a chainpoint-style
 * MerkleProof2017 `signature`, v3 a MerkleProof2019 `proof` whose proofValue is base58btc CBOR.
 * A proof made with another hash or suite is E990; one that cannot be read is no credential (E999).
 */
export const readBlockcertsProof: Check = {
  name: 'readBlockcertsProof',
  run(ctx) {
    const bc = ctx.bc;
    if (!bc) return SKIP;
    const proof = bc.version === 2 ? readV2(bc.doc['signature']) : readV3(bc.doc['proof']);
    if (proof === 'unsupported') return fail('E990');
    if (proof === 'unreadable') return fail('E999');
    bc.proof = proof;
    return PASS;
  },
};
