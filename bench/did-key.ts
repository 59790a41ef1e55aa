// A fresh Ed25519 did:key issuer for the bench fixtures (bench/ob3.ts, bench/clr.ts): its DID and a
// signer whose verification method is the key's own fragment. Run with tsx.
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';

export async function freshDidKey() {
  const fresh = await Ed25519Multikey.generate();
  const did = `did:key:${fresh.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({
    ...(await fresh.export({ secretKey: true })),
    id: `${did}#${fresh.publicKeyMultibase}`,
    controller: did,
  });
  return { did, signer: pair.signer() };
}
