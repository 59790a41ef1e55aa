import { rawStatement } from '../db/batch';
import { AppError } from '../errors';

/** A portal authentication this recent stands in for the password a type-1 user does not have. */
export const PORTAL_REAUTH_MS = 15 * 60_000;

/**
 * Re-authentication of a portal user (type 1) for the changes that need the password of a wallet
 * user (merge, addresses, deletion): a live portal session of this account whose portal
 * authentication (auth_time) is under 15 minutes old. Otherwise E403121: sign in again through the
 * portal (the client sends them to /portal/login?prompt=login&returnTo=…).
 */
export async function requireRecentPortalAuth(d1: D1Database, accountId: string, now = Date.now()): Promise<void> {
  const row = await rawStatement(
    d1,
    'SELECT MAX(auth_time) AS at FROM portal_sessions WHERE account_id = ? AND expires_at > ?',
    accountId,
    now,
  ).first<{ at: number | null }>();
  if (!row?.at || row.at < now - PORTAL_REAUTH_MS) throw new AppError('E403121');
}
