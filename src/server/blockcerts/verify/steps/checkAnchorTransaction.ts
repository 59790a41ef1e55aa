import type { VerifyDeps } from '../../../verdict/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { readAnchorTx } from '../anchor-tx';
import type { BcFacts } from '../facts';

/**
 * Blockcerts, step 4: the root is in the anchoring transaction, read from the configured node of
 * its network through the guarded fetcher. A mock chain anchors nothing (E994, never valid); an
 * anchor on a chain not read here is E992; no node for the network or a node that does not answer
 * is "could not verify now"; no mined transaction is E995; a transaction with other data E989.
 */
export const checkAnchorTransaction: Step<BcFacts, VerifyDeps> = {
  name: 'checkAnchorTransaction',
  group: 'credential',
  async run(facts, deps) {
    const proof = facts.proof;
    // An invalid credential is not looked up anywhere.
    if (!proof || facts.broken) return SKIP;
    const anchor = proof.anchors.find((a) => a.kind === 'eth');
    if (!anchor) return fail(proof.anchors.some((a) => a.kind === 'mock') ? 'E994' : 'E992');
    const tx = await readAnchorTx(deps.env, anchor.network, anchor.txid);
    if (tx.kind === 'unconfigured' || tx.kind === 'unreachable') return fail('E999', true);
    if (tx.kind === 'missing') return fail('E995');
    if (tx.input !== `0x${proof.merkleRoot}`) return fail('E989');
    return withOut(PASS, { tx: { from: tx.from, time: tx.time, anchor } });
  },
};
