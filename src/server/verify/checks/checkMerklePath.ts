import { fromHex, bytesToHex } from '../../../lib/bytes';
import { merkleRootOf } from '../../blockcerts/merkle';
import { fail, PASS, SKIP, type Check } from '../check';

const bytes = (h: string) => fromHex(h) ?? new Uint8Array();

/** Blockcerts, step 3: the Merkle path leads from the credential's hash to the proof's root (E996). */
export const checkMerklePath: Check = {
  name: 'checkMerklePath',
  run(ctx) {
    const bc = ctx.bc;
    if (!bc?.proof) return SKIP;
    // Hashes were read as 64 hex digits (bc/proof.ts), so every step is 32 bytes.
    const path = bc.proof.path.map((s) => ('left' in s ? { left: bytes(s.left) } : { right: bytes(s.right) }));
    if (bytesToHex(merkleRootOf(bytes(bc.proof.targetHash), path)) === bc.proof.merkleRoot) return PASS;
    bc.broken = true;
    return fail('E996');
  },
};
