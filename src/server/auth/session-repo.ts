import { and, eq, gt } from 'drizzle-orm';
import type { SessionUser } from '../context';
import { db } from '../db/client';
import { accountEmails, accounts, sessions } from '../db/schema';

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
