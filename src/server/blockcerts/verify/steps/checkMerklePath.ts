import { fromHex, bytesToHex } from '../../../../lib/bytes';
import type { VerifyDeps } from '../../../verdict/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { merkleRootOf } from '../../merkle';
import type { BcFacts } from '../facts';

const bytes = (h: string) => fromHex(h) ?? new Uint8Array();

/** Blockcerts, step 3: the Merkle path leads from the credential's hash to the proof's root (E996). */
export const checkMerklePath: Step<BcFacts, VerifyDeps> = {
  name: 'checkMerklePath',
  group: 'credential',
  run(facts) {
    const proof = facts.proof;
    if (!proof) return SKIP;
    // Hashes were read as 64 hex digits (proof.ts), so every step is 32 bytes.
    const path = proof.path.map((s) => ('left' in s ? { left: bytes(s.left) } : { right: bytes(s.right) }));
    if (bytesToHex(merkleRootOf(bytes(proof.targetHash), path)) === proof.merkleRoot) return PASS;
    return withOut(fail('E996'), { broken: true });
  },
};
