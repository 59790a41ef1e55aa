import * as Ed25519Multikey from '@digitalcredentials/ed25519-multikey';
import { DataIntegrityProof } from '@digitalcredentials/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalcredentials/eddsa-rdfc-2022-cryptosuite';
import { securityLoader } from '@digitalcredentials/security-document-loader';
import * as vc from '@digitalcredentials/vc';

/*
 * "Signed elsewhere" (issue 21, Deliver 6): a credential signed by the Digital Credentials
 * Consortium's stack, the packages @digitalcredentials/verifier-core brings (vc, data-integrity,
 * eddsa-rdfc-2022, ed25519-multikey, security-document-loader), never by Lanyard's own code. The
 * issuer is a fresh did:key, so verifying needs no network. Node only (the interop tests, browser specs,
 * scripts); the loader has every context these credentials use bundled (fetchRemoteContexts off).
 */
type Obj = Record<string, unknown>;

const loader = securityLoader({ fetchRemoteContexts: false }).build();

/** Signs `credential` (its `issuer` is replaced by the key's did:key) with eddsa-rdfc-2022. */
export async function signWithDcc(credential: Obj): Promise<Obj & { issuer: Obj | string }> {
  const key = await Ed25519Multikey.generate();
  const did = `did:key:${key.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({
    ...(await key.export({ publicKey: true, secretKey: true, includeContext: true })),
    id: `${did}#${key.publicKeyMultibase}`,
    controller: did,
  });
  const issuer = credential['issuer'];
  const unsigned = {
    ...structuredClone(credential),
    issuer: issuer && typeof issuer === 'object' ? { ...(issuer as Obj), id: did } : did,
  };
  const suite = new DataIntegrityProof({ signer: pair.signer(), cryptosuite: eddsaRdfc2022 });
  return (await vc.issue({ credential: unsigned, suite, documentLoader: loader })) as Obj & { issuer: Obj | string };
}
