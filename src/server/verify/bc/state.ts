import type { Anchor, BlockcertsProof } from './proof';

type Obj = Record<string, unknown>;

/** What the Blockcerts checks share: the credential, its proof, the anchoring transaction, its issuer. */
export interface BlockcertsState {
  doc: Obj;
  version: 2 | 3;
  proof: BlockcertsProof | null;
  /** The hash or the Merkle path failed: the credential is invalid, so nothing more is fetched for it. */
  broken: boolean;
  /** The transaction that carries the Merkle root: who sent it, and when it was mined (ms). */
  tx: { from: string; time: number; anchor: Extract<Anchor, { kind: 'eth' }> } | null;
  /** The issuer profile as found (trusted only once checkBlockcertsIssuerKey passed: ctx.issuer). */
  profile: Obj | null;
}

const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** v2 names its issuer in the embedded badge class; v3 in `issuer` (a URL or an object with one). */
export function issuerRef(s: BlockcertsState): string | null {
  const issuer = s.version === 2 ? obj(s.doc['badge'])?.['issuer'] : s.doc['issuer'];
  return str(issuer) ?? str(obj(issuer)?.['id']);
}

/** The recipient identity object: v2 `recipient`, v3 `credentialSubject.recipient`. */
export function recipientOf(s: BlockcertsState): unknown {
  return s.version === 2 ? s.doc['recipient'] : obj(s.doc['credentialSubject'])?.['recipient'];
}

/** Issue and expiry dates: v2 issuedOn/expires, v3 (VC 1.1 or 2.0) issuanceDate/validFrom, expirationDate/validUntil. */
export function datesOf(s: BlockcertsState): { issuedOn: unknown; expires: unknown } {
  const d = s.doc;
  return s.version === 2
    ? { issuedOn: d['issuedOn'], expires: d['expires'] }
    : { issuedOn: d['issuanceDate'] ?? d['validFrom'], expires: d['expirationDate'] ?? d['validUntil'] };
}

/** The credential's title for the report. */
export function nameOf(s: BlockcertsState): string | null {
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
export function badgeOf(s: BlockcertsState): Obj {
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
