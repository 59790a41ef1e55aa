import { DID_CONTEXT, MULTIKEY_CONTEXT, ob3BundledContext } from '../ld/ob3-contexts';
import { fragmentKey, type FragmentError } from './did/fragment';
import { didKeyDocument, multikeyMethod, resolveDidKey, type KeyError } from './did/key';

/** What the loader refused, tagged so the proof check can name the reason (jsonld wraps errors). */
export class Refused extends Error {
  constructor(
    readonly url: string,
    readonly why: 'context-not-bundled' | 'key-unresolvable' | KeyError | FragmentError,
  ) {
    super(`refused ${url}: ${why}`);
  }
}

export type LoaderOptions = {
  /** The credential's issuer id, for the fragment-key rule. */
  issuerId?: string | null;
  /** Accept 1EdTech's key-in-the-URL-fragment rule (see did/fragment.ts). Off unless set. */
  fragmentKeys?: boolean;
  /**
   * Key documents the caller already fetched through the outbound guard (did:web DID documents and
   * their verification methods), by URL. The loader itself still never fetches.
   */
  documents?: ReadonlyMap<string, unknown>;
};

type Loaded = { contextUrl: null; documentUrl: string; document: unknown };
export type DocumentLoader = (url: string) => Promise<Loaded>;
const loaded = (url: string, document: unknown): Loaded => ({ contextUrl: null, documentUrl: url, document });

/** A bare `did:key:z…` used as the verification method itself (1EdTech's simple-did-key-method): the
 * DID document also stands for its one key, and lists the bare DID as an assertion method. */
function didKeyLoad(url: string): Loaded {
  const r = resolveDidKey(url);
  if (!r.ok) throw new Refused(url, r.error);
  const key = r.value;
  if (url.includes('#')) return loaded(url, multikeyMethod(key.keyId, key.did, key.publicKeyMultibase));
  const doc = didKeyDocument(key);
  const bare = { type: 'Multikey', controller: key.did, publicKeyMultibase: key.publicKeyMultibase };
  return loaded(url, { ...doc, ...bare, assertionMethod: [key.keyId, key.did] });
}

/**
 * jsonld documentLoader for OB 3.0 (DATA-04): the bundled contexts, did:key keys and documents, key
 * documents the caller resolved (`documents`), and only when `fragmentKeys` is set, keys in the
 * fragment of the issuer's URL with a controller document made from them. Anything else throws: no
 * network, ever. One loader per credential.
 */
export function ob3DocumentLoader(options: LoaderOptions = {}): DocumentLoader {
  const fragmentMethods = new Map<string, string[]>();
  return async (url: string) => {
    const context = ob3BundledContext(url);
    if (context !== undefined) return loaded(url, context);
    const given = options.documents?.get(url);
    if (given !== undefined) return loaded(url, given);
    if (url.startsWith('did:')) {
      if (url.startsWith('did:key:')) return didKeyLoad(url);
      throw new Refused(url, 'key-unresolvable');
    }
    if (options.fragmentKeys && url.includes('#')) {
      const r = fragmentKey(url, options.issuerId ?? null);
      if (!r.ok) throw new Refused(url, r.error);
      const { controller, keyId, publicKeyMultibase } = r.value;
      fragmentMethods.set(controller, [...(fragmentMethods.get(controller) ?? []), keyId]);
      return loaded(url, multikeyMethod(keyId, controller, publicKeyMultibase));
    }
    const methods = options.fragmentKeys ? fragmentMethods.get(url) : undefined;
    if (methods) return loaded(url, { '@context': [DID_CONTEXT, MULTIKEY_CONTEXT], id: url, assertionMethod: methods });
    throw new Refused(url, url.includes('#') ? 'key-unresolvable' : 'context-not-bundled');
  };
}
