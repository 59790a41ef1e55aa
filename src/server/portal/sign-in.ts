import type { Context } from 'hono';
import { startSession } from '../accounts/session-start';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';
import { runBatch } from '../db/batch';
import { USER_TYPE_PORTAL } from './config';
import { setPortalSessionCookie } from './cookies';
import type { PortalClaims } from './oidc';
import { portalSessionRepo } from './session-repo';

/** SSO-07: the longest time between two portal authentications, unless PORTAL_SESSION_HOURS says otherwise. */
export const DEFAULT_PORTAL_SESSION_HOURS = 12;

export function portalSessionMs(env: Pick<Env, 'PORTAL_SESSION_HOURS'>): number {
  const hours = Number(env.PORTAL_SESSION_HOURS);
  return (Number.isFinite(hours) && hours > 0 && hours <= 24 * 30 ? hours : DEFAULT_PORTAL_SESSION_HOURS) * 3_600_000;
}

/**
 * Signs a portal user in: a portal session (what GetApiAccessToken.ashx mints wallet tokens from)
 * and a first wallet session linked to it, with the spec's cookies and userType 1.
 */
export async function signInPortalUser(
  c: Context<AppEnv>,
  account: { id: string; serviceCountry: number },
  providerId: string,
  claims: Pick<PortalClaims, 'issuer' | 'subject' | 'sid' | 'idToken' | 'authTime'>,
  loginEmail: string,
): Promise<void> {
  const token = randomToken(32);
  const idHash = await sha256Hex(token);
  const now = Date.now();
  const expiresAt = now + portalSessionMs(c.env);
  await runBatch(c.env.DB, [
    portalSessionRepo(c.env.DB).insert({
      idHash,
      accountId: account.id,
      providerId,
      issuer: claims.issuer,
      subject: claims.subject,
      sid: claims.sid,
      idToken: claims.idToken,
      authTime: claims.authTime,
      createdAt: now,
      expiresAt,
    }),
  ]);
  setPortalSessionCookie(c, token, Math.floor((expiresAt - now) / 1000));
  await startSession(
    c,
    { id: account.id, userType: USER_TYPE_PORTAL, serviceCountry: account.serviceCountry },
    loginEmail,
    {
      idHash,
      expiresAt,
    },
  );
}
