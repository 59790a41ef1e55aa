import { checkLogin } from '../accounts/login';
import type { SessionUser } from '../context';
import { AppError } from '../errors';
import { USER_TYPE_PORTAL } from '../auth/user-types';
import { portalAuthTime } from '../auth/session-repo';

/**
 * Re-authentication for changes that matter (SES-05: adding or deleting an address, changing the
 * password, merging, deleting the account): the current password, checked exactly as a login is,
 * so wrong guesses here count towards the same lockout. Wrong: E400105 with the attempts left.
 * For a portal user (type 1), a portal sign-in under 15 minutes old (issue 20 item 3).
 */
/** A portal authentication this recent stands in for the password a type-1 user does not have. */
export const PORTAL_REAUTH_MS = 15 * 60_000;

/**
 * Re-authentication of a portal user (type 1): the portal session THIS wallet session was minted
 * from must be live and its portal authentication (auth_time) under 15 minutes old; a fresh sign-in
 * in another browser does not count for this one. Otherwise E403121: sign in again through the
 * portal (the client sends them to /portal/login?prompt=login&returnTo=…).
 */
async function requireRecentPortalAuth(d1: D1Database, portalSessionHash: string | null, now = Date.now()) {
  const at = portalSessionHash ? await portalAuthTime(d1, portalSessionHash, now) : null;
  if (at === null || at < now - PORTAL_REAUTH_MS) throw new AppError('E403121');
}

export async function confirmPassword(env: Env, user: SessionUser, password: string): Promise<void> {
  // A portal user has no wallet password: a recent portal authentication proves them instead.
  if (user.userType === USER_TYPE_PORTAL) return requireRecentPortalAuth(env.DB, user.portalSessionHash);
  const email = user.loginEmail ?? user.primaryEmail;
  if (!email) throw new AppError('E400105', { count: 0 });
  try {
    const account = await checkLogin(env, email, password);
    // The address may since belong to someone else: the password must be this account's.
    if (account.id !== user.accountId) throw new AppError('E400105', { count: 0 });
  } catch (err) {
    if (err instanceof AppError && err.code === 'E401102') throw new AppError('E400105', err.params);
    throw err;
  }
}
