import { CompactSign } from 'jose';

/** Signs an assertion as a compact JWS, RS256 only, with nothing in the header but the algorithm. */
export async function signAssertion(assertion: object, privateKey: CryptoKey): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(assertion)))
    .setProtectedHeader({ alg: 'RS256' })
    .sign(privateKey);
}
