import { OB_CONTEXT } from '../openbadges/documents';
import { BLOCKCERTS_V3, VC_V1 } from './contexts';
import { escapeHtml } from '../../lib/html-escape';

/** What a Blockcerts v3 credential of ours says; the JSON shape is fixed by credentialDocument. */
export interface CredentialFields {
  /** urn:uuid:…, the id revocation lists name. */
  id: string;
  issuerProfile: string;
  issuedOn: number;
  expiresAt: number | null;
  name: string;
  description: string;
  recipient: { salt: string; identity: string };
  recipientName: string | null;
  /** The OB 2.0 BadgeClass the credential carries (id, name, description, image, criteria). */
  claim: Record<string, unknown>;
  display:
    | { contentMediaType: 'image/png'; contentEncoding: 'base64'; content: string }
    | { contentMediaType: 'text/html'; content: string };
  /** Where the same award lives as Open Badges: a plain JSON string (bc:metadata is a literal). */
  metadata: Record<string, unknown>;
}

// RFC 3339 without milliseconds: the verifiers' date patterns are strict about it.
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The unsigned Blockcerts v3 credential (a W3C VC 1.1, as cert-issuer issues it). Contexts are
 * final before hashing: VC 1.1 + Open Badges v2 (for the hashed-email recipient, which VC 2.0's
 * protected terms would refuse) + Blockcerts v3; the MerkleProof2019 proof is added after anchoring.
 */
export function credentialDocument(f: CredentialFields): Record<string, unknown> {
  return {
    '@context': [VC_V1, OB_CONTEXT, BLOCKCERTS_V3],
    id: f.id,
    type: ['VerifiableCredential', 'BlockcertsCredential'],
    issuer: f.issuerProfile,
    issuanceDate: iso(f.issuedOn),
    ...(f.expiresAt ? { expirationDate: iso(f.expiresAt) } : {}),
    name: f.name,
    description: f.description,
    credentialSubject: {
      ...(f.recipientName ? { name: f.recipientName } : {}),
      recipient: { type: 'email', hashed: true, salt: f.recipient.salt, identity: f.recipient.identity },
      claim: { type: 'BadgeClass', ...f.claim },
    },
    display: f.display,
    metadata: JSON.stringify({ lanyard: f.metadata }),
  };
}

/** What a document's HTML display shows, already in its own language. */
export interface DisplayText {
  lang: string;
  heading: string;
  title: string;
  recipientName: string;
  lines: string[];
  rows: { course: string; credits: number; grade: string; term: string }[];
  rowHeads: [string, string, string, string];
  issuerName: string;
  issuedOn: string;
}

/**
 * An academic document's display: escaped HTML in the document's language (lang on the root, dir
 * auto on issuer-written text), so any Blockcerts viewer shows it in the right script.
 */
export function documentDisplayHtml(t: DisplayText): string {
  const e = escapeHtml;
  const p = (s: string) => `<p dir="auto">${e(s)}</p>`;
  const table = t.rows.length
    ? `<table><tr>${t.rowHeads.map((h) => `<th>${e(h)}</th>`).join('')}</tr>${t.rows
        .map(
          (r) =>
            `<tr><td dir="auto">${e(r.course)}</td><td>${r.credits}</td><td dir="auto">${e(r.grade)}</td><td dir="auto">${e(r.term)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  return (
    `<div lang="${e(t.lang)}"><h1 dir="auto">${e(t.heading)}</h1><h2 dir="auto">${e(t.title)}</h2>` +
    `${p(t.recipientName)}${t.lines.map(p).join('')}${table}${p(t.issuerName)}<p>${e(t.issuedOn)}</p></div>`
  );
}

/** A badge whose image is not PNG (SVG) shows its name and description instead. */
export function badgeDisplayHtml(name: string, description: string): string {
  return `<div><h1 dir="auto">${escapeHtml(name)}</h1><p dir="auto">${escapeHtml(description)}</p></div>`;
}
