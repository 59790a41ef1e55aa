/** Where Lanyard's OB 3.0 issuing documents live: outside the wallet's base path, like OB 2.0's. */
export const OB3_ISSUE_PREFIX = '/api/v1.0/openBadge/v3';

/** The W3C minimum list length for herd privacy (BitstringStatusList §6.1), a power of two. */
export const STATUS_LIST_SIZE = 131_072;

/**
 * The URLs and identifiers of one deployment's OB 3.0 issuing (shared contract, issue 21): issuers
 * are did:web DIDs under the API path, so resolving one reads our own did.json route.
 */
export function ob3Urls(publicBaseUrl: string) {
  const base = new URL(publicBaseUrl);
  const origin = base.origin;
  const at = (path: string) => `${origin}${OB3_ISSUE_PREFIX}${path}`;
  // did:web writes a port's colon as %3A (did:web method §3.2); the rest of the path as ':' parts.
  const did = (issuerId: string) =>
    `did:web:${encodeURIComponent(base.host)}:api:v1.0:openBadge:v3:issuers:${encodeURIComponent(issuerId)}`;
  return {
    origin,
    did,
    keyId: (issuerId: string) => `${did(issuerId)}#key-1`,
    didDocument: (issuerId: string) => at(`/issuers/${issuerId}/did.json`),
    statusList: (issuerId: string, listNo: number) => at(`/issuers/${issuerId}/status/${listNo}`),
    credential: (assertionId: string) => at(`/credentials/${assertionId}`),
  };
}

export type Ob3Urls = ReturnType<typeof ob3Urls>;
