import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { ACCOUNT_COOKIE, cookieBase, SERVICE_COUNTRY_COOKIE, SESSION_COOKIE, USER_TYPE_COOKIE } from '../auth/cookies';
import { randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import { deviceSignIn } from '../sessions/sign-in';
import { accountRepo } from './account-repo';

/**
 * Starts a session: a fresh 256-bit token (never the one the browser arrived with: SES-02), only its
 * SHA-256 stored, expiring after a day on the server (SES-03); the spec's cookies are set.
 * A portal user's session (type 1) is minted from a live portal session: it is written only while
 * that portal session lives (a back-channel logout in between wins: E401121) and ends with it.
 */
export async function startSession(
  c: Context<AppEnv>,
  account: { id: string; userType: number; serviceCountry: number },
  /** The address signed in with (normalised). */
  loginEmail: string,
  portal?: { idHash: string; expiresAt: number },
) {
  const repo = accountRepo(c.env.DB);
  const token = randomToken(32);
  const now = Date.now();
  const previous = c.var.sessionTokenHash;
  const tokenHash = await sha256Hex(token);
  const expiresAt = Math.min(now + CONFIG.cookies.sessionSeconds * 1000, portal?.expiresAt ?? Infinity);
  const insert = portal
    ? repo.insertPortalSession(
        {
          tokenHash,
          accountId: account.id,
          userType: account.userType,
          loginEmail,
          portalSessionHash: portal.idHash,
          createdAt: now,
          expiresAt,
        },
        now,
      )
    : repo.insertSession({
        tokenHash,
        accountId: account.id,
        userType: account.userType,
        loginEmail,
        createdAt: now,
        expiresAt,
      });
  // Issue 22: the sessions list's columns, the known device and, for a new device, its notice.
  const device = await deviceSignIn(c, account.id, tokenHash, now);
  const results = await commitWithJobs(
    c.env,
    [...(previous ? [repo.deleteSession(previous)] : []), insert, ...device.statements],
    device.jobs,
    now,
  );
  if (portal && results.at(-1 - device.statements.length)?.meta.changes !== 1) throw new AppError('E401121');
  const base = cookieBase(c.env);
  const maxAge = Math.max(1, Math.floor((expiresAt - now) / 1000));
  setCookie(c, SESSION_COOKIE, token, { ...base, maxAge });
  setCookie(c, USER_TYPE_COOKIE, String(account.userType), { ...base, maxAge });
  // Readable by scripts (the spec's islands read them); they carry no secret.
  setCookie(c, ACCOUNT_COOKIE, account.id, { ...base, httpOnly: false, maxAge });
  setCookie(c, SERVICE_COUNTRY_COOKIE, String(account.serviceCountry), { ...base, httpOnly: false, maxAge });
  return { token };
}
