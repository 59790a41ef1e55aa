import jsigs from 'jsonld-signatures';
import { ob3DocumentLoader } from '../loader';
import { signSuite, type SignSuiteName } from './suites';

/**
 * Adds an assertion proof to a credential with an Ed25519 key (the key pair's `signer()`, whose id
 * is the verification method). Only bundled contexts are loaded. Used by tests now, by issuing later.
 */
export async function signOb3Credential(
  credential: Record<string, unknown>,
  signer: { id?: string },
  suite: SignSuiteName = 'eddsa-rdfc-2022',
  date?: string,
): Promise<Record<string, unknown>> {
  return jsigs.sign(structuredClone(credential), {
    suite: signSuite(suite, signer, date),
    purpose: new jsigs.purposes.AssertionProofPurpose(),
    documentLoader: ob3DocumentLoader(),
  });
}
