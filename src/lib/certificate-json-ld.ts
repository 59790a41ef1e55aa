import { jsonForScript } from './json-script';

/** What the public certificate page knows of a certificate: the fields its JSON-LD is made of. */
export interface JsonLdCertificate {
  id: string;
  title: string;
  kind: 'completion' | 'diploma' | 'transcript';
  language: string;
  heading: string | null;
  issued_on: string;
  issuer_name: string;
  /** Already checked to be http(s) (present.ts). */
  issuer_url: string | null;
}

/** schema.org's credentialCategory for each kind of academic document. */
const CATEGORY = { completion: 'certificate', diploma: 'degree', transcript: 'transcript' } as const;

/**
 * The schema.org `EducationalOccupationalCredential` of a public certificate page, ready for its
 * <script> element ('<' and friends escaped: XSS-04). No address and no details: only what the
 * page's own heading says.
 */
export function certificateJsonLd(c: JsonLdCertificate, canonical: string, image: string): string {
  return jsonForScript({
    '@context': 'https://schema.org',
    '@type': 'EducationalOccupationalCredential',
    '@id': canonical,
    identifier: c.id,
    name: c.title,
    ...(c.heading ? { description: c.heading } : {}),
    url: canonical,
    image,
    inLanguage: c.language,
    credentialCategory: CATEGORY[c.kind],
    // A diploma's title names the level it awards ("Bachelor of Science").
    ...(c.kind === 'diploma' ? { educationalLevel: c.title } : {}),
    dateCreated: c.issued_on,
    recognizedBy: { '@type': 'Organization', name: c.issuer_name, ...(c.issuer_url ? { url: c.issuer_url } : {}) },
  });
}

/** What a held learner record's public page knows for its JSON-LD (issue 38). */
export interface JsonLdHeldRecord {
  id: string;
  title: string;
  description: string | null;
  issued_on: string;
  issuer_name: string;
  /** Already checked to be http(s) (clr/hold/present.ts). */
  issuer_url: string | null;
  /** The issuer's name is only the record's own claim (its key is not the named issuer's). */
  issuer_claimed: boolean;
}

/**
 * The schema.org credential of a published learner record: a transcript, recognized by the issuer
 * the record names when that issuer was proven (never a claimed name). Nothing of its learner
 * (Lanyard may not have tied the learner to the holder).
 */
export function heldRecordJsonLd(r: JsonLdHeldRecord, language: string, canonical: string, image: string): string {
  return jsonForScript({
    '@context': 'https://schema.org',
    '@type': 'EducationalOccupationalCredential',
    '@id': canonical,
    identifier: r.id,
    name: r.title,
    ...(r.description ? { description: r.description } : {}),
    url: canonical,
    image,
    inLanguage: language,
    credentialCategory: 'transcript',
    dateCreated: r.issued_on,
    ...(r.issuer_claimed
      ? {}
      : {
          recognizedBy: {
            '@type': 'Organization',
            name: r.issuer_name,
            ...(r.issuer_url ? { url: r.issuer_url } : {}),
          },
        }),
  });
}
