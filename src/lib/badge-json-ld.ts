import { jsonForScript } from './json-script';
import { safeUrl } from './safe-url';

/** What the public badge page knows of a badge: the fields its JSON-LD is made of. */
export interface JsonLdBadge {
  name: string;
  description: string;
  image: string;
  issued_on: string;
  expires_at: string | null;
  /** `claimed`: the name is the credential's own claim, not proven (issue 33). */
  issuer: { name: string; url: string | null; claimed?: boolean };
  tags: { name: string }[];
}

/**
 * The schema.org JSON-LD of a public badge page, ready for its <script> element. The issuer's
 * address may come from an imported document, so it is there only when it is http(s) (XSS-02).
 */
export function badgeJsonLd(badge: JsonLdBadge, canonical: string, origin: string): string {
  return jsonForScript({
    '@context': 'https://schema.org',
    '@type': 'EducationalOccupationalCredential',
    name: badge.name,
    description: badge.description,
    url: canonical,
    image: `${origin}${badge.image}`,
    credentialCategory: 'badge',
    dateCreated: badge.issued_on,
    ...(badge.expires_at ? { expires: badge.expires_at } : {}),
    // An issuer whose name is only the credential's own claim is not stated as who recognises it.
    ...(badge.issuer.claimed
      ? {}
      : {
          recognizedBy: {
            '@type': 'Organization',
            name: badge.issuer.name,
            url: safeUrl(badge.issuer.url) ?? undefined,
          },
        }),
    ...(badge.tags.length ? { competencyRequired: badge.tags.map((x) => x.name) } : {}),
  });
}
