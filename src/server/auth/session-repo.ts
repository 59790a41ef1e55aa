import { and, eq, gt, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../context';
import { db } from '../db/client';
import { accountEmails, accounts, linkTokens, portalSessions, sessions } from '../db/schema';

/** Resolves a live session (not expired, account active) to the user the chrome shows. */
export async function findSessionUser(d1: D1Database, tokenHash: string, now: number): Promise<SessionUser | null> {
  return (await findSession(d1, tokenHash, now))?.user ?? null;
}

/** The same lookup, with when the session was last seen (issue 22: the middleware refreshes it now and then). */
export async function findSession(
  d1: D1Database,
  tokenHash: string,
  now: number,
): Promise<{ user: SessionUser; lastSeenAt: number } | null> {
  const rows = await db(d1)
    .select({
      accountId: accounts.id,
      userType: sessions.userType,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      profileImageKey: accounts.profileImageKey,
      serviceCountry: accounts.serviceCountry,
      agreeTermOfService: accounts.agreeTermOfService,
      termsVersion: accounts.termsVersion,
      language: accounts.language,
      primaryEmail: accountEmails.email,
      loginEmail: sessions.loginEmail,
      portalSessionHash: sessions.portalSessionHash,
      lastSeenAt: sql<number>`COALESCE(${sessions.lastSeenAt}, ${sessions.createdAt})`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(accountEmails, and(eq(accountEmails.accountId, accounts.id), eq(accountEmails.isPrimary, true)))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(accounts.status, 'active')))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { lastSeenAt, ...user } = row;
  return { user: { ...user, userType: user.userType === 1 ? 1 : 2 }, lastSeenAt };
}

/**
 * Deletes expired sessions and link tokens in one batch; an expired receive link is kept until
 * `receiveKeptUntil` so it can still explain itself.
 */
export async function purgeExpiredTokens(
  d1: D1Database,
  now: number,
  receiveKeptUntil: number,
  explainedUntil = now,
): Promise<void> {
  const d = db(d1);
  // Links whose page says "expired" (address verification, mail reception) are kept a while after
  // expiry, so a late click reads "expired" rather than "not valid".
  const explained = ['email_verification', 'mail_prefs'] as const;
  await d.batch([
    d.delete(sessions).where(lt(sessions.expiresAt, now)),
    d
      .delete(linkTokens)
      .where(
        and(
          lt(linkTokens.expiresAt, now),
          or(
            and(ne(linkTokens.purpose, 'receive'), notInArray(linkTokens.purpose, [...explained])),
            and(eq(linkTokens.purpose, 'receive'), lt(linkTokens.expiresAt, receiveKeptUntil)),
            and(inArray(linkTokens.purpose, [...explained]), lt(linkTokens.expiresAt, explainedUntil)),
          ),
        ),
      ),
  ]);
}

/**
 * When the person last authenticated at the portal for a live portal session (ms), or null: the
 * re-authentication of a portal user (settings/reauth.ts) reads it from the session layer.
 */
export async function portalAuthTime(d1: D1Database, portalSessionHash: string, now: number): Promise<number | null> {
  const rows = await db(d1)
    .select({ at: portalSessions.authTime })
    .from(portalSessions)
    .where(and(eq(portalSessions.idHash, portalSessionHash), gt(portalSessions.expiresAt, now)))
    .limit(1);
  return rows[0]?.at ?? null;
}

/** How often "last seen" is written (issue 22): at most once per this many ms per session. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Writes "last seen" when the stored value is older than LAST_SEEN_EVERY_MS (re-checked in the UPDATE). */
export async function touchSession(d1: D1Database, tokenHash: string, now: number): Promise<void> {
  await d1
    .prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND COALESCE(last_seen_at, created_at) < ?')
    .bind(now, tokenHash, now - LAST_SEEN_EVERY_MS)
    .run();
}
