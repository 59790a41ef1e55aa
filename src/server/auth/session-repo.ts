import { and, eq, gt, inArray, lt, ne, notInArray, or } from 'drizzle-orm';
import type { SessionUser } from '../context';
import { db } from '../db/client';
import { accountEmails, accounts, linkTokens, portalSessions, sessions } from '../db/schema';

/** Resolves a live session (not expired, account active) to the user the chrome shows. */
export async function findSessionUser(d1: D1Database, tokenHash: string, now: number): Promise<SessionUser | null> {
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
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(accountEmails, and(eq(accountEmails.accountId, accounts.id), eq(accountEmails.isPrimary, true)))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(accounts.status, 'active')))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { ...row, userType: row.userType === 1 ? 1 : 2 };
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
