import { OUTDATED_SUITES } from '../../ob3/proof/suites';
import { verifyOb3Proofs, type ProofFailure } from '../../ob3/proof/verify';
import { fail, PASS, passWith, SKIP, type Check } from '../check';
import type { VerifyCode } from '../codes';

/**
 * The spec's codes for why the proofs did not verify (plan section 3). A signature that does not
 * match the credential with the key it names: changed after signing (E179, issue 33).
 */
const CODE_OF: Record<ProofFailure, VerifyCode> = {
  'no-proof': 'E991',
  malformed: 'E991',
  'unsupported-suite': 'E991',
  'context-not-bundled': 'E980',
  'json-ld-invalid': 'E980',
  'key-unresolvable': 'E177',
  'key-unsupported': 'E177',
  'key-not-issuers': 'E168',
  'signature-invalid': 'E179',
  'proof-refused': 'E168',
};

/**
 * Every embedded proof of the credential, each on its own (ob3/proof/verify.ts): valid when one
 * verified and none failed; a suite not read here (ecdsa-rdfc-2019, JWS 2020; plan D3) alone is
 * E991, never valid. Verified only by the outdated `eddsa-2022` name: valid with W005, as 1EdTech's
 * validator warns (issue 33). Keys come from the loader: bundled, did:key, the fragment rule (D1),
 * and the did:web documents resolveOb3Key fetched. A VC-JWT is checkOb3Jwt's.
 */
export const checkOb3Proof: Check = {
  name: 'checkOb3Proof',
  async run(ctx) {
    const s = ctx.ob3;
    if (!s || s.broken || s.jwt || s.keyMissing) return SKIP;
    const r = await verifyOb3Proofs(s.credential, { fragmentKeys: true, documents: s.documents });
    if (!r.verified) return fail(CODE_OF[r.reason ?? 'no-proof']);
    s.signed = true;
    const first = r.proofs.find((p) => p.outcome.verified);
    const vm = first?.verificationMethod ?? '';
    s.controller = first && first.outcome.verified ? (first.outcome.controller ?? vm.split('#')[0] ?? null) : null;
    s.method = vm || null;
    const outdated = (p: { cryptosuite: string | null }) => OUTDATED_SUITES.some((o) => o === p.cryptosuite);
    return r.proofs.filter((p) => p.outcome.verified).every(outdated) ? passWith('W005') : PASS;
  },
};
