import { AppError } from '../errors';
import { portalSessionRepo } from './session-repo';

/** A portal authentication this recent stands in for the password a type-1 user does not have. */
export const PORTAL_REAUTH_MS = 15 * 60_000;

/**
 * Re-authentication of a portal user (type 1) for the changes that need the password of a wallet
 * user (merge, addresses, deletion): the portal session THIS wallet session was minted from must be
 * live and its portal authentication (auth_time) under 15 minutes old. A fresh sign-in in another
 * browser does not count for this one. Otherwise E403121: sign in again through the portal (the
 * client sends them to /portal/login?prompt=login&returnTo=…).
 */
export async function requireRecentPortalAuth(
  d1: D1Database,
  portalSessionHash: string | null,
  now = Date.now(),
): Promise<void> {
  const row = portalSessionHash ? await portalSessionRepo(d1).authTime(portalSessionHash, now) : null;
  if (!row || row.at < now - PORTAL_REAUTH_MS) throw new AppError('E403121');
}
