import { walletUrl } from '../http/wallet-url';
/** Stable public URLs of every hosted Open Badges object; each object is served at exactly its id. */
export const OB_PREFIX = '/api/v1.0/openBadge/v2';

export function obUrls(publicBaseUrl: string) {
  const env = { PUBLIC_BASE_URL: publicBaseUrl };
  const origin = new URL(publicBaseUrl).origin;
  const at = (path: string) => `${origin}${OB_PREFIX}${path}`;
  return {
    origin,
    host: new URL(publicBaseUrl).host,
    issuer: (id: string) => at(`/Issuer/${id}`),
    issuerImage: (id: string) => at(`/Issuer/${id}/image`),
    badgeClass: (id: string) => at(`/BadgeClass/${id}`),
    badgeClassImage: (id: string) => at(`/BadgeClass/${id}/image`),
    assertion: (id: string) => at(`/Assertion/${id}`),
    assertionImage: (id: string) => at(`/Assertion/${id}/image`),
    key: (id: string) => at(`/CryptographicKey/${id}`),
    revocationList: (issuerId: string) => at(`/RevocationList/${issuerId}`),
    /** Human pages of the wallet that browsers asking for HTML are sent to. */
    publicBadgePage: (id: string) => walletUrl(env, `/public/assertions/detail/${id}`),
    /** An academic document's public page (issue 18), also what its PDF's QR code opens. */
    publicAcadDocPage: (id: string) => walletUrl(env, `/public/acaddocs/detail/${id}`),
    issuerPage: (id: string) => walletUrl(env, `/issuers/${id}`),
    badgeClassPage: (issuerId: string, id: string) => walletUrl(env, `/issuers/${issuerId}/badges/${id}`),
  };
}

export type ObUrls = ReturnType<typeof obUrls>;
