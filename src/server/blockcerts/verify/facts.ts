import type { Anchor, BlockcertsProof } from './proof';

type Obj = Record<string, unknown>;

/**
 * What the Blockcerts steps share (issue 19): the credential, its proof, the anchoring transaction,
 * its issuer, and what the report shows. Steps never write it: what one finds is its outcome's `out`.
 */
export interface BcFacts {
  readonly doc: Obj;
  /** v2 carries a `signature`, v3 a `proof`. */
  readonly version: 2 | 3;
  readonly proof: BlockcertsProof | null;
  /** The hash or the Merkle path failed: the credential is invalid, so nothing more is fetched for it. */
  readonly broken: boolean;
  /** The transaction that carries the Merkle root: who sent it, and when it was mined (ms). */
  readonly tx: { from: string; time: number; anchor: Extract<Anchor, { kind: 'eth' }> } | null;
  /** The issuer profile as found (trusted only once checkBlockcertsIssuerKey passed: `issuer`). */
  readonly profile: Obj | null;
  /** The issuer profile once the anchoring transaction's sender is one of its keys: the one the report names. */
  readonly issuer: Obj | null;
  /** Set when the issuer's revocation list lists the credential. */
  readonly revoked: { reason: string | null } | null;
  /** The verified address the credential was awarded to. */
  readonly recipient: string | null;
}

/** The credential itself, as the readers below need it. */
export type BcCredential = Pick<BcFacts, 'doc' | 'version'>;

/** The facts before any step ran, for a credential detection found. */
export function newBcFacts(doc: Obj): BcFacts {
  const v2 = 'signature' in doc && !('proof' in doc);
  return {
    doc,
    version: v2 ? 2 : 3,
    proof: null,
    broken: false,
    tx: null,
    profile: null,
    issuer: null,
    revoked: null,
    recipient: null,
  };
}

const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
export const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** v2 names its issuer in the embedded badge class; v3 in `issuer` (a URL or an object with one). */
export function issuerRef(s: BcCredential): string | null {
  const issuer = s.version === 2 ? obj(s.doc['badge'])?.['issuer'] : s.doc['issuer'];
  return str(issuer) ?? str(obj(issuer)?.['id']);
}

/** The recipient identity object: v2 `recipient`, v3 `credentialSubject.recipient`. */
export function recipientOf(s: BcCredential): unknown {
  return s.version === 2 ? s.doc['recipient'] : obj(s.doc['credentialSubject'])?.['recipient'];
}

/** Issue and expiry dates: v2 issuedOn/expires, v3 (VC 1.1 or 2.0) issuanceDate/validFrom, expirationDate/validUntil. */
export function datesOf(s: BcCredential): { issuedOn: unknown; expires: unknown } {
  const d = s.doc;
  return s.version === 2
    ? { issuedOn: d['issuedOn'], expires: d['expires'] }
    : { issuedOn: d['issuanceDate'] ?? d['validFrom'], expires: d['expirationDate'] ?? d['validUntil'] };
}

/** The credential's title for the report. */
export function nameOf(s: BcCredential): string | null {
  const subject = obj(s.doc['credentialSubject']);
  return (
    str(s.doc['name']) ??
    str(obj(s.doc['badge'])?.['name']) ??
    str(obj(subject?.['claim'])?.['name']) ??
    str(obj(subject?.['achievement'])?.['name'])
  );
}

/**
 * The badge an import shows for a Blockcerts credential, shaped like a BadgeClass: its name and
 * description, and its image (v3 `display` when it is a base64 PNG, v2 the badge's own image).
 */
export function badgeOf(s: BcCredential): Obj {
  const subject = obj(s.doc['credentialSubject']);
  const claim = obj(subject?.['claim']) ?? obj(s.doc['badge']) ?? {};
  const display = obj(s.doc['display']);
  const png =
    display?.['contentMediaType'] === 'image/png' && display['contentEncoding'] === 'base64'
      ? str(display['content'])
      : null;
  return {
    type: 'BadgeClass',
    name: nameOf(s),
    description: str(s.doc['description']) ?? str(claim['description']),
    image: png ? `data:image/png;base64,${png}` : claim['image'],
  };
}
