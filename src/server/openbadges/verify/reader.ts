import type { Doc, DocSource } from '../../verdict/source';
import { cachedKey } from './doc-cache';
import { str, type Obj } from './json';
import { normalizeDoc } from './ld/normalize';
import type { Role } from './ld/upgrade';

type Version = '2.0' | '1.x';

/** A document of the chain; `bound` when the id it declares is where it was found (HV-20). */
export type ChainDoc = Exclude<Doc, { kind: 'ok' }> | { kind: 'ok'; url: string; doc: Obj; bound: boolean };

/**
 * A signed badge's key as the key cache gave it, and whether this verification read it itself
 * (`read`) rather than took it from the key cache: a signature that fails with a kept key is tried
 * once more with the key read again (checkSignature).
 */
export interface SigningKey {
  doc: ChainDoc;
  read: boolean;
}

/**
 * The issuer's documents of one verification, each read once and started as early as what names it
 * is known, so that the round trips run side by side (made in `start`, one per verification). The
 * version is the badge's (readAssertion), in which the documents it names are read.
 */
export interface DocReader {
  /**
   * A document of the chain: an embedded object (already read as part of its parent) or a URL,
   * fetched once per verification and read as JSON-LD in the version of the badge it belongs to. A
   * document that is not readable Open Badges JSON-LD counts as unreadable. With `bind` (issuer
   * profiles and keys, whose identity the verdict rests on), a document that declares an id other
   * than its address is replaced by the document at that id when that one confirms it, and an
   * embedded one with an http(s) id is always read from there.
   */
  resolve(ref: unknown, role: Role, version: Version, bind?: boolean): Promise<ChainDoc>;
  /**
   * The signing key named by a signed assertion's `verification.creator`, through the per-isolate
   * key cache, once per verification. As soon as it arrives, the profile it names as owner is
   * fetched too: a valid badge's issuer is that profile, so both round trips run side by side with
   * the badge class.
   */
  signingKey(assertion: Obj, version: Version): Promise<SigningKey>;
  /**
   * The signing key read again past the key cache, which then keeps it: for a signature that failed
   * with a key kept from an earlier verification, since the issuer may have replaced it since.
   */
  freshSigningKey(assertion: Obj, version: Version): Promise<ChainDoc>;
}

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
};
const isHttp = (v: string | null): v is string => v !== null && /^https?:\/\//i.test(v);
const creatorOf = (assertion: Obj) => (assertion['verification'] as Obj | undefined)?.['creator'];

export function docReader(src: DocSource): DocReader {
  const docs = new Map<string, Promise<ChainDoc>>();
  let key: Promise<SigningKey> | null = null;

  async function read(ref: unknown, role: Role, version: Version, bind: boolean, refetched: boolean) {
    if (ref && typeof ref === 'object') {
      const id = str((ref as Obj)['id']);
      // An embedded profile or key only tells where the real one lives (as a hosted assertion does).
      if (bind && isHttp(id)) return resolve(id, role, version, bind);
      return { kind: 'ok', url: id ?? '', doc: ref as Obj, bound: false } as const;
    }
    const d = await src.get(ref);
    if (d.kind !== 'ok') return d;
    const n = await normalizeDoc(d.doc, role, d.url, version);
    if (!n.ok) return { kind: 'unreadable', url: d.url } as const;
    const declared = str(n.doc['id']);
    // The id must be the address asked for or, after redirects, the one answered from.
    const bound = declared !== null && typeof ref === 'string' && (sameUrl(declared, ref) || sameUrl(declared, d.url));
    if (!bound && bind && !refetched && isHttp(declared)) {
      // Declared elsewhere: what counts is the document at that id, if it says the same (as the
      // reference validator does); a copy served anywhere else never speaks for it.
      const there = await load(declared, role, version, bind, true);
      if (there.kind === 'ok' && there.bound) return there;
    }
    return { kind: 'ok', url: d.url, doc: n.doc, bound } as const;
  }

  function load(ref: unknown, role: Role, version: Version, bind: boolean, refetched: boolean): Promise<ChainDoc> {
    if (typeof ref !== 'string') return read(ref, role, version, bind, refetched);
    const memo = `${role} ${bind ? 'bound' : 'any'} ${ref}`;
    const known = docs.get(memo);
    if (known) return known;
    const doc = read(ref, role, version, bind, refetched);
    // Started early and perhaps never awaited (a step before it failed): never an unhandled rejection.
    doc.catch(() => undefined);
    docs.set(memo, doc);
    return doc;
  }

  function resolve(ref: unknown, role: Role, version: Version, bind = false): Promise<ChainDoc> {
    return load(ref, role, version, bind, false);
  }

  function signingKey(assertion: Obj, version: Version): Promise<SigningKey> {
    if (key) return key;
    const creator = creatorOf(assertion);
    // Known once the key cache answered: it calls this only when it did not keep the key.
    let readHere = false;
    const doc = cachedKey(creator, () => {
      readHere = true;
      return resolve(creator, 'other', version, true);
    });
    void doc.then(
      (k) => {
        const owner = k.kind === 'ok' ? str(k.doc['owner']) : null;
        if (owner) void resolve(owner, 'issuer', version, true);
      },
      () => undefined,
    );
    key = doc.then((d) => ({ doc: d, read: readHere }));
    key.catch(() => undefined);
    return key;
  }

  function freshSigningKey(assertion: Obj, version: Version): Promise<ChainDoc> {
    const creator = creatorOf(assertion);
    return cachedKey.refresh(creator, () => read(creator, 'other', version, true, false));
  }

  return { resolve, signingKey, freshSigningKey };
}
