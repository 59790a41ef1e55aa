import type { VerifyCode } from '../../../verdict/codes';
import { fail, PASS, passWith, SKIP, withOut, type Step } from '../../../verdict/step';
import { OUTDATED_SUITES } from '../../proof/suites';
import { verifyOb3Proofs, type ProofFailure } from '../../proof/verify';
import type { Ob3Deps } from '../deps';
import type { Ob3Facts } from '../facts';

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
 * and the did:web documents resolveOb3Key read. A VC-JWT is checkOb3Jwt's.
 */
export const checkOb3Proof: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Proof',
  group: 'issued_by',
  async run(f) {
    if (f.broken || f.jwt || f.keyMissing) return SKIP;
    const r = await verifyOb3Proofs(f.credential, { fragmentKeys: true, documents: f.documents });
    if (!r.verified) return fail(CODE_OF[r.reason ?? 'no-proof']);
    const first = r.proofs.find((p) => p.outcome.verified);
    const vm = first?.verificationMethod ?? '';
    const controller = first && first.outcome.verified ? (first.outcome.controller ?? vm.split('#')[0] ?? null) : null;
    const outdated = (p: { cryptosuite: string | null }) => OUTDATED_SUITES.some((o) => o === p.cryptosuite);
    const finding = r.proofs.filter((p) => p.outcome.verified).every(outdated) ? passWith('W005') : PASS;
    return withOut(finding, { signed: true, controller, method: vm || null });
  },
};
