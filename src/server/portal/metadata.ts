import * as oauth from 'oauth4webapi';
import { AppError } from '../errors';
import type { PortalProvider } from './config';

/** Discovery documents (and with them oauth4webapi's JWKS cache, keyed by the object) live this long per isolate. */
const METADATA_TTL_MS = 10 * 60_000;
/** A provider slower than this counts as down: the person sees the "portal unreachable" page. */
export const PROVIDER_TIMEOUT_MS = 5_000;

const cache = new Map<string, { as: oauth.AuthorizationServer; until: number }>();

/** Plain http is accepted only for a provider on this machine (the local portal of npm start and the tests). */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** The options every oauth4webapi request of this provider takes: a timeout, and http only on loopback. */
export function requestOptions(provider: PortalProvider) {
  return {
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    [oauth.allowInsecureRequests]: isLoopback(provider.issuer),
  };
}

/**
 * The provider's discovery document, fetched and checked by oauth4webapi (its `issuer` must equal
 * the configured one), cached per issuer. A provider that is down or answers anything but valid
 * metadata is E502120, never a 500.
 */
export async function providerMetadata(provider: PortalProvider, now = Date.now()): Promise<oauth.AuthorizationServer> {
  const hit = cache.get(provider.issuer);
  if (hit && hit.until > now) return hit.as;
  try {
    const issuer = new URL(provider.issuer);
    const res = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(provider) });
    const as = await oauth.processDiscoveryResponse(issuer, res);
    if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri) throw new Error('incomplete metadata');
    cache.set(provider.issuer, { as, until: now + METADATA_TTL_MS });
    return as;
  } catch {
    throw new AppError('E502120');
  }
}

/** Forgets a provider's metadata (tests that restart or replace a provider; a key rotation seen as unknown kid). */
export function forgetMetadata(issuer: string): void {
  cache.delete(issuer);
}
