import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { createVerifyCryptosuite } from '@digitalbazaar/ecdsa-sd-2023-cryptosuite';
import { Ed25519Signature2020 } from '@digitalbazaar/ed25519-signature-2020';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';

/**
 * The proof suites this verifier supports: `DataIntegrityProof` with `eddsa-rdfc-2022` or (derived,
 * selective disclosure, P-256) `ecdsa-sd-2023`, and `Ed25519Signature2020`; and, for verifying
 * only, `eddsa-2022`, the draft name of `eddsa-rdfc-2022` that 1EdTech's validator still accepts
 * with a warning (issue 33): the same canonicalization (URDNA2015 is RDFC-1.0), hashes and Ed25519
 * signature, over proof options read with Data Integrity v1, the context of that draft. Adding v2
 * there instead would clash with VC 1.1's protected `proof` term. Everything else (JWS 2020,
 * ecdsa-rdfc-2019, unknown types) is unsupported, never valid (plan D3). Signing uses the two
 * Ed25519 ones only.
 */
export type SignSuiteName = 'eddsa-rdfc-2022' | 'Ed25519Signature2020';
export type SuiteName = SignSuiteName | 'ecdsa-sd-2023' | 'eddsa-2022';

/** Suites that verify but are outdated: the report says so (W005). */
export const OUTDATED_SUITES: readonly SuiteName[] = ['eddsa-2022'];

export function suiteNameOf(proof: Record<string, unknown>): SuiteName | null {
  if (proof['type'] === 'DataIntegrityProof' && proof['cryptosuite'] === 'eddsa-rdfc-2022') return 'eddsa-rdfc-2022';
  if (proof['type'] === 'DataIntegrityProof' && proof['cryptosuite'] === 'ecdsa-sd-2023') return 'ecdsa-sd-2023';
  if (proof['type'] === 'DataIntegrityProof' && proof['cryptosuite'] === 'eddsa-2022') return 'eddsa-2022';
  if (proof['type'] === 'Ed25519Signature2020') return 'Ed25519Signature2020';
  return null;
}

/** A fresh suite object for verifying (the stack keeps per-call state on it). */
export function verifySuite(name: SuiteName): object {
  if (name === 'ecdsa-sd-2023') return new DataIntegrityProof({ cryptosuite: createVerifyCryptosuite() });
  if (name === 'eddsa-2022')
    return new DataIntegrityProof({ cryptosuite: { ...eddsaRdfc2022, name: 'eddsa-2022' }, legacyContext: true });
  return name === 'eddsa-rdfc-2022'
    ? new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 })
    : new Ed25519Signature2020();
}

/** A suite that signs with this signer (an Ed25519 Multikey key pair's `signer()`). */
export function signSuite(name: SignSuiteName, signer: object, date?: string): object {
  return name === 'eddsa-rdfc-2022'
    ? new DataIntegrityProof({ cryptosuite: eddsaRdfc2022, signer, ...(date ? { date } : {}) })
    : new Ed25519Signature2020({ signer, ...(date ? { date } : {}) });
}
