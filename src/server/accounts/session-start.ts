import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { ACCOUNT_COOKIE, cookieBase, SERVICE_COUNTRY_COOKIE, SESSION_COOKIE, USER_TYPE_COOKIE } from '../auth/cookies';
import { randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import type { AppEnv } from '../context';
import { runBatch } from '../db/batch';
import { accountRepo } from './account-repo';

/**
 * Starts a session: a fresh 256-bit token (never the one the browser arrived with: SES-02), only its
 * SHA-256 stored, expiring after a day on the server (SES-03); the spec's cookies are set.
 */
export async function startSession(
  c: Context<AppEnv>,
  account: { id: string; userType: number; serviceCountry: number },
  /** The address signed in with (normalised). */
  loginEmail: string,
) {
  const repo = accountRepo(c.env.DB);
  const token = randomToken(32);
  const now = Date.now();
  const previous = c.var.sessionTokenHash;
  await runBatch(c.env.DB, [
    ...(previous ? [repo.deleteSession(previous)] : []),
    repo.insertSession({
      tokenHash: await sha256Hex(token),
      accountId: account.id,
      userType: account.userType,
      loginEmail,
      createdAt: now,
      expiresAt: now + CONFIG.cookies.sessionSeconds * 1000,
    }),
  ]);
  const base = cookieBase(c.env);
  const maxAge = CONFIG.cookies.sessionSeconds;
  setCookie(c, SESSION_COOKIE, token, { ...base, maxAge });
  setCookie(c, USER_TYPE_COOKIE, String(account.userType), { ...base, maxAge });
  // Readable by scripts (the spec's islands read them); they carry no secret.
  setCookie(c, ACCOUNT_COOKIE, account.id, { ...base, httpOnly: false, maxAge });
  setCookie(c, SERVICE_COUNTRY_COOKIE, String(account.serviceCountry), { ...base, httpOnly: false, maxAge });
}
