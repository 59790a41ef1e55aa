import { OB_PREFIX } from '../openbadges/urls';

/**
 * Stable public URLs of what Lanyard hosts for Blockcerts (issue 19), next to the Open Badges
 * objects: each issuer's Blockcerts profile and revocation list (one profile per issuer, all naming
 * Lanyard's anchoring key), and the anchored credential of a badge or document.
 */
export function bcUrls(publicBaseUrl: string) {
  const at = (path: string) => `${new URL(publicBaseUrl).origin}${OB_PREFIX}${path}`;
  return {
    issuer: (issuerId: string) => at(`/BlockcertsIssuer/${issuerId}`),
    revocationList: (issuerId: string) => at(`/BlockcertsRevocationList/${issuerId}`),
    credential: (subjectId: string) => at(`/AssertionBC/${subjectId}`),
  };
}
