import { firstFacts, list, obj, type Ob3Facts } from '../../ob3/verify/facts';
import type { NestedVerdict } from '../../verdict/present';

type Obj = Record<string, unknown>;

/**
 * What the CLR 2.0 steps found (issue 38): a ClrCredential is an OB 3.0-shaped verifiable
 * credential, so the OB 3.0 steps run on it unchanged and write what they always write; the CLR's
 * own step adds the verdict of each nested credential.
 */
export interface ClrFacts extends Ob3Facts {
  /** Each nested credential with its own verdict, once checkClrNested ran. */
  readonly nested: readonly NestedVerdict[];
}

/** The facts before any step ran: the record as detection read it. */
export function clrFirstFacts(credential: Obj, jwt: string | null, url: string | null): ClrFacts {
  return { ...firstFacts(credential, jwt, url), nested: [] };
}

/** Every ClrSubject of the record (one, as the spec writes it; VC allows a list). */
const subjects = (c: Obj): Obj[] =>
  list(c['credentialSubject']).flatMap((s) => {
    const o = obj(s);
    return o ? [o] : [];
  });

/** The record's nested credentials: objects with proofs, or compact VC-JWT strings. */
export const nestedOf = (c: Obj): unknown[] => subjects(c).flatMap((s) => list(s['verifiableCredential']));
/** The achievements the record lists beside its nested credentials. */
export const achievementsOf = (c: Obj): unknown[] => subjects(c).flatMap((s) => list(s['achievement']));
/** The associations between achievements (and credentials) the record states. */
export const associationsOf = (c: Obj): unknown[] => subjects(c).flatMap((s) => list(s['association']));

/** CLR 2.0 AssociationType: how one achievement stands to another. */
export const ASSOCIATION_TYPES = [
  'exactMatchOf',
  'isChildOf',
  'isParentOf',
  'isPartOf',
  'isPeerOf',
  'isRelatedTo',
  'precedes',
  'replacedBy',
] as const;
