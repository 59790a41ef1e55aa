import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../auth/cookies';
import { sha256Hex } from '../auth/tokens';
import { path } from '../../lib/paths';
import { startSession } from '../accounts/session-start';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { configuredProviders, USER_TYPE_PORTAL } from './config';
import { portalSessionHash } from './cookies';
import { safeReturnUrl } from './return-url';
import { portalSessionRepo } from './session-repo';

/**
 * Spec §6/§7 GetApiAccessToken.ashx: with a live portal session, a fresh wallet access token (a new
 * session row with its cookies; this browser's previous wallet session ends). Without one, E401121.
 */
export async function mintAccessToken(c: Context<AppEnv>): Promise<string> {
  // Two D1 round trips in all (the p99 < 30 ms goal): the portal session read, then one batch that
  // ends this browser's previous wallet session and writes the new one while the portal session lives.
  const [hash, previous] = await Promise.all([portalSessionHash(c), previousSessionHash(c)]);
  const portal = hash ? await portalSessionRepo(c.env.DB).live(hash, Date.now()) : null;
  if (!portal) throw new AppError('E401121');
  c.set('sessionTokenHash', previous);
  const { token } = await startSession(
    c,
    { id: portal.accountId, userType: USER_TYPE_PORTAL, serviceCountry: portal.serviceCountry },
    portal.loginEmail ?? '',
    { idHash: portal.idHash, expiresAt: portal.expiresAt },
  );
  return token;
}

/** The hash of the wallet session cookie this browser sent, whoever's it is: it is replaced. */
async function previousSessionHash(c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, SESSION_COOKIE);
  return token && token.length <= 128 ? sha256Hex(token) : null;
}

/**
 * Where a browser without a portal session goes: the portal login of the provider it last used
 * (the session's, else the first configured), coming back to `returnUrl` (this site only).
 */
export function portalLoginUrl(env: Env, returnUrl: string | undefined, providerId?: string): string | null {
  const providers = configuredProviders(env);
  const provider = providers.find((p) => p.id === providerId) ?? providers[0];
  if (!provider) return null;
  const url = new URL(path('/portal/login'), env.PUBLIC_BASE_URL);
  url.searchParams.set('provider', provider.id);
  url.searchParams.set('returnTo', safeReturnUrl(env, returnUrl));
  return url.href;
}
