import { and, eq, isNotNull } from 'drizzle-orm';
import { db } from '../db/client';
import { accountEmails, accounts, sessions } from '../db/schema';

/** Accounts as sign-in and the user-info call see them. */
export function accountRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /** The active account that has this address *verified* (unverified addresses confer nothing). */
    async byVerifiedEmail(emailNormalized: string) {
      const rows = await d
        .select({
          id: accounts.id,
          userType: accounts.userType,
          passwordHash: accounts.passwordHash,
          serviceCountry: accounts.serviceCountry,
          language: accounts.language,
        })
        .from(accountEmails)
        .innerJoin(accounts, eq(accounts.id, accountEmails.accountId))
        .where(
          and(
            eq(accountEmails.emailNormalized, emailNormalized),
            isNotNull(accountEmails.verifiedAt),
            eq(accounts.status, 'active'),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async profile(accountId: string) {
      const rows = await d.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return rows[0] ?? null;
    },

    async emails(accountId: string) {
      return d
        .select({
          email: accountEmails.email,
          isPrimary: accountEmails.isPrimary,
          verifiedAt: accountEmails.verifiedAt,
        })
        .from(accountEmails)
        .where(eq(accountEmails.accountId, accountId))
        .orderBy(accountEmails.createdAt);
    },

    insertSession: (row: typeof sessions.$inferInsert) => d.insert(sessions).values(row),
    deleteSession: (tokenHash: string) => d.delete(sessions).where(eq(sessions.tokenHash, tokenHash)),
  };
}
