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
