import { canonize } from '../ld/jsonld';
import { blockcertsContext } from './contexts';
import { sha256 } from '@noble/hashes/sha2.js';

type Obj = Record<string, unknown>;

/** The credential cannot be hashed as anchored: a context not bundled, or a term no context maps. */
export class Unhashable extends Error {}

async function documentLoader(url: string) {
  const document = blockcertsContext(url);
  // Never the network: a context that is not bundled is a credential we cannot hash.
  if (document === undefined) throw new Unhashable(`context not bundled: ${url}`);
  return { contextUrl: null, documentUrl: url, document };
}

const FALLBACK = 'http://fallback.org/';

/** URDNA2015 N-Quads of the credential without its proof (v3 `proof`, v2 `signature`). */
export async function canonicalNQuads(doc: Obj, without: 'proof' | 'signature' = 'proof'): Promise<string> {
  const rest = Object.fromEntries(Object.entries(doc).filter(([k]) => k !== without));
  const ctx = rest['@context'];
  // As the reference verifier (computeLocalHash) and cert-issuer do: a fallback @vocab makes a
  // term no context maps visible, where plain JSON-LD would silently leave it out of the hash.
  const probe = { ...rest, '@context': [...(Array.isArray(ctx) ? ctx : [ctx]), { '@vocab': FALLBACK }] };
  let nquads: string;
  try {
    nquads = await canonize(probe, {
      algorithm: 'URDNA2015',
      format: 'application/n-quads',
      documentLoader,
      safe: false,
    });
  } catch (err) {
    throw err instanceof Unhashable ? err : new Unhashable(err instanceof Error ? err.message : 'json-ld');
  }
  if (nquads.includes(`<${FALLBACK}`)) throw new Unhashable('unmapped terms');
  return nquads;
}

/**
 * The MerkleProof2019 targetHash of a credential: sha256 of the UTF-8 of its canonical N-Quads
 * (bundled contexts only). Throws Unhashable for what cert-verifier-js would also refuse.
 */
export async function credentialHash(doc: Obj, without: 'proof' | 'signature' = 'proof'): Promise<Uint8Array> {
  return sha256(new TextEncoder().encode(await canonicalNQuads(doc, without)));
}
