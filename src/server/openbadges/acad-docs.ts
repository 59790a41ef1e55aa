import { OB_CONTEXT } from './documents';
import type { ObUrls } from './urls';

/*
 * The Open Badges 2.0 face of an academic document (issue 18): every certificate, diploma and
 * transcript is also an assertion, hosted at the same URLs as badges (ids are random 128-bit, so a
 * document id never meets a badge id), with a BadgeClass of its own that carries the document's
 * title and details. Pure functions: the hosted service reads the rows and signs.
 */

/** The document columns its assertion shows. */
export interface AcadAssertionFields {
  id: string;
  recipientSalt: string;
  recipientHash: string;
  issuedOn: number;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A document can be verified only if its recipient identity was written at award (salted SHA-256
 * of the address, like badges); rows from before that have none, and are not served as assertions.
 */
export const hasIdentity = (d: Pick<AcadAssertionFields, 'recipientSalt' | 'recipientHash'>) =>
  d.recipientSalt !== '' && /^sha256\$[0-9a-f]{64}$/.test(d.recipientHash);

/**
 * The document's Assertion: a signed badge when the issuer has a signing key (`keyId`), which is
 * what its PDF carries as a compact JWS; the hosted copy is the same object, byte for byte.
 */
export function acadAssertionDocument(u: ObUrls, d: AcadAssertionFields, keyId: string | null) {
  return {
    '@context': OB_CONTEXT,
    type: 'Assertion',
    id: u.assertion(d.id),
    recipient: { type: 'email', hashed: true, salt: d.recipientSalt, identity: d.recipientHash },
    badge: u.badgeClass(d.id),
    image: u.assertionImage(d.id),
    issuedOn: iso(d.issuedOn),
    verification: keyId ? { type: 'SignedBadge', creator: u.key(keyId) } : { type: 'HostedBadge' },
  };
}

/** What a document's BadgeClass says, already in the document's language. */
export interface AcadClassText {
  title: string;
  /** The template's heading ("Diploma", "学位記") or the kind's name. */
  heading: string;
  details: [string, string][];
  /** "12 courses, 36 credits" for a transcript; null otherwise. */
  totals: string | null;
  criteria: string;
}

/**
 * The BadgeClass of one document: name = its title; description = its heading, details and totals
 * as readable lines (an OB 2.0 description is plain text); the criteria say who awarded it.
 */
export function acadBadgeClassDocument(u: ObUrls, d: { id: string; issuerId: string }, text: AcadClassText) {
  const lines = [text.heading, ...text.details.map(([label, value]) => `${label}: ${value}`)];
  if (text.totals) lines.push(text.totals);
  return {
    '@context': OB_CONTEXT,
    type: 'BadgeClass',
    id: u.badgeClass(d.id),
    name: text.title,
    description: lines.join('\n'),
    image: u.badgeClassImage(d.id),
    criteria: { narrative: text.criteria },
    issuer: u.issuer(d.issuerId),
  };
}
