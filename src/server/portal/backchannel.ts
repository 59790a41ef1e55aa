import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { runBatch } from '../db/batch';
import { configuredProviders } from './config';
import { isLoopback, providerMetadata, PROVIDER_TIMEOUT_MS } from './metadata';
import { CLOCK_TOLERANCE_S } from './oidc';
import { portalSessionRepo } from './session-repo';

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is refused (its jti is remembered at least this long). */
const MAX_TOKEN_AGE_S = 10 * 60;
const JWKS_TTL_MS = 10 * 60_000;

const jwksCache = new Map<string, { jwks: ReturnType<typeof createRemoteJWKSet>; until: number }>();

function jwksOf(issuer: string, jwksUri: string) {
  const hit = jwksCache.get(issuer);
  if (hit && hit.until > Date.now()) return hit.jwks;
  const jwks = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
  jwksCache.set(issuer, { jwks, until: Date.now() + JWKS_TTL_MS });
  return jwks;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The claims a logout token must carry (OpenID Connect Back-Channel Logout 1.0, section 2.4). */
function isLogoutToken(p: JWTPayload): p is JWTPayload & { jti: string; iat: number } {
  const events = p['events'];
  return (
    typeof p.jti === 'string' &&
    typeof p.iat === 'number' &&
    isObject(events) &&
    isObject(events[LOGOUT_EVENT]) &&
    p['nonce'] === undefined &&
    (typeof p['sid'] === 'string' || typeof p.sub === 'string')
  );
}

/**
 * Ends every portal session and wallet session the portal names (by sid, or by sub when the token
 * has no sid) in one batch, after checking the logout token's signature from the provider's JWKS
 * (allow-listed algorithms), iss, aud, iat, jti, the event and the absence of a nonce. A replayed
 * jti is refused. Answers false for any bad token (the route's 400).
 */
export async function backchannelLogout(env: Env, token: string): Promise<boolean> {
  let iss: string | undefined;
  try {
    iss = decodeJwt(token).iss;
  } catch {
    return false;
  }
  const same = (a: string, b: string) => URL.canParse(a) && URL.canParse(b) && new URL(a).href === new URL(b).href;
  const provider = configuredProviders(env).find((p) => iss !== undefined && same(p.issuer, iss));
  if (!provider) return false;
  if (!isLoopback(provider.issuer) && new URL(provider.issuer).protocol !== 'https:') return false;
  let payload: JWTPayload;
  try {
    const as = await providerMetadata(provider);
    ({ payload } = await jwtVerify(token, jwksOf(as.issuer, as.jwks_uri ?? ''), {
      issuer: as.issuer,
      audience: provider.clientId,
      algorithms: provider.algorithms,
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
    }));
  } catch {
    return false;
  }
  if (!isLogoutToken(payload) || !iss) return false;
  const repo = portalSessionRepo(env.DB);
  const sid = typeof payload['sid'] === 'string' ? payload['sid'] : null;
  const ending = sid ? repo.endBySidStatements(iss, sid) : repo.endBySubStatements(iss, payload.sub ?? '');
  const keepUntil = (payload.iat + MAX_TOKEN_AGE_S + CLOCK_TOLERANCE_S) * 1000;
  const results = await runBatch(env.DB, [repo.useJti(iss, payload.jti, keepUntil), ...ending]);
  return results[0]?.meta.changes === 1;
}
