import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { rawStatement } from '../db/batch';
import { db } from '../db/client';
import type { AccountEmailRow, AccountRow } from '../db/rows';
import { accountEmails, accounts, sessions } from '../db/schema';

/** Accounts as sign-in and the user-info call see them. */
export function accountRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /**
     * Active accounts owning these addresses as *verified* emails: the only way an address leads
     * to an account, for login and for badge matching alike (security guide ACC-01, HV-06).
     */
    async verifiedOwners(emailsNormalized: string[]) {
      if (emailsNormalized.length === 0) return [];
      return d
        .select({
          email: accountEmails.emailNormalized,
          id: accounts.id,
          userType: accounts.userType,
          passwordHash: accounts.passwordHash,
          serviceCountry: accounts.serviceCountry,
          language: accounts.language,
          autoReceive: accounts.autoReceive,
          receiveBadgeMail: accounts.receiveBadgeMail,
        })
        .from(accountEmails)
        .innerJoin(accounts, eq(accounts.id, accountEmails.accountId))
        .where(
          and(
            inArray(accountEmails.emailNormalized, emailsNormalized),
            isNotNull(accountEmails.verifiedAt),
            eq(accounts.status, 'active'),
          ),
        );
    },

    /** The one account owning this verified address, or null. */
    async byVerifiedEmail(emailNormalized: string) {
      return (await this.verifiedOwners([emailNormalized]))[0] ?? null;
    },

    /** The whole account row, whatever its status; null when there is none. */
    async profile(accountId: string): Promise<AccountRow | null> {
      const rows = await d.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return rows[0] ?? null;
    },

    /** Agreement to a terms version (the terms modal's "I Agree"). */
    async agreeToTerms(accountId: string, version: string, now: number) {
      await d
        .update(accounts)
        .set({ agreeTermOfService: true, termsVersion: version, termsAgreedAt: now, updatedAt: now })
        .where(eq(accounts.id, accountId))
        .run();
    },

    /** Every address of the account, oldest first. */
    async emails(accountId: string): Promise<Pick<AccountEmailRow, 'email' | 'isPrimary' | 'verifiedAt'>[]> {
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
    /**
     * A session started through the portal, written only while that portal session is live: a
     * portal logout that lands between the sign-in's read and this batch leaves no wallet session.
     */
    insertPortalSession: (
      row: Pick<
        typeof sessions.$inferSelect,
        'tokenHash' | 'accountId' | 'userType' | 'loginEmail' | 'createdAt' | 'expiresAt'
      > & {
        portalSessionHash: string;
      },
      now: number,
    ) =>
      rawStatement(
        d1,
        `INSERT INTO sessions (token_hash, account_id, user_type, login_email, portal_session_hash, created_at, expires_at)
         SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM portal_sessions WHERE id_hash = ? AND expires_at > ?)`,
        row.tokenHash,
        row.accountId,
        row.userType,
        row.loginEmail,
        row.portalSessionHash,
        row.createdAt,
        row.expiresAt,
        row.portalSessionHash,
        now,
      ),
    deleteSession: (tokenHash: string) => d.delete(sessions).where(eq(sessions.tokenHash, tokenHash)),
  };
}
