import { desc, eq } from 'drizzle-orm';
import { rawStatement as s, type SqlCondition } from '../db/batch';
import { db } from '../db/client';
import type { AccountEmailRow } from '../db/rows';
import { accountEmails } from '../db/schema';

const VERIFIED_HERE =
  'SELECT 1 FROM account_emails WHERE account_id = ? AND email_normalized = ? AND verified_at IS NOT NULL';

/** The account's addresses (spec §4 "Email"), and the statements that change them. */
export function emailsRepo(d1: D1Database) {
  return {
    /** Every address of the account: the primary first, then the oldest first. */
    list: (accountId: string): Promise<AccountEmailRow[]> =>
      db(d1)
        .select()
        .from(accountEmails)
        .where(eq(accountEmails.accountId, accountId))
        .orderBy(desc(accountEmails.isPrimary), accountEmails.createdAt),
    /** Whether another active account holds this address verified (ACC-02). */
    async verifiedElsewhere(normalized: string, accountId: string): Promise<boolean> {
      const row = await d1
        .prepare(
          `SELECT 1 AS x FROM account_emails e JOIN accounts a ON a.id = e.account_id
           WHERE e.email_normalized = ? AND e.verified_at IS NOT NULL AND e.account_id <> ? AND a.status = 'active'`,
        )
        .bind(normalized, accountId)
        .first();
      return row !== null;
    },
    /** Builds the insert of a pending address, written only if `cond` holds (its code was issued). */
    insertPendingIf: (
      id: string,
      accountId: string,
      email: string,
      normalized: string,
      now: number,
      cond: SqlCondition,
    ) =>
      s(
        d1,
        `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
         SELECT ?, ?, ?, ?, NULL, 0, ? WHERE ${cond.sql} ON CONFLICT DO NOTHING`,
        id,
        accountId,
        email,
        normalized,
        now,
        ...cond.params,
      ),
    /** The condition "the address is not on this account yet", for the code an addition mails. */
    notOnAccount: (accountId: string, normalized: string): SqlCondition => ({
      sql: 'NOT EXISTS (SELECT 1 FROM account_emails WHERE account_id = ? AND email_normalized = ?)',
      params: [accountId, normalized],
    }),
    /** The condition "the address is on this account, still pending", for a resent code. */
    pendingOnAccount: (accountId: string, normalized: string): SqlCondition => ({
      sql: `EXISTS (SELECT 1 FROM account_emails
              WHERE account_id = ? AND email_normalized = ? AND verified_at IS NULL)`,
      params: [accountId, normalized],
    }),
    /** Builds the verification of a pending address; with `cond`, only while it holds (the link was used). */
    markVerified: (accountId: string, normalized: string, now: number, cond?: SqlCondition) =>
      s(
        d1,
        `UPDATE account_emails SET verified_at = ? WHERE account_id = ? AND email_normalized = ? AND verified_at IS NULL
         ${cond ? `AND ${cond.sql}` : ''} RETURNING id`,
        now,
        accountId,
        normalized,
        ...(cond?.params ?? []),
      ),
    /**
     * ACC-01: once verified here, anyone else's pending claim on the address is gone. Conditioned on
     * this account's verified row, so in a batch whose verification lost a race it does nothing.
     */
    purgeOthersPending: (accountId: string, normalized: string) =>
      s(
        d1,
        `DELETE FROM account_emails WHERE email_normalized = ? AND verified_at IS NULL AND account_id <> ?
         AND EXISTS (${VERIFIED_HERE})`,
        normalized,
        accountId,
        accountId,
        normalized,
      ),
    /** Badges already awarded to the address that no account held yet now belong to this one (same condition). */
    attachBadges: (accountId: string, normalized: string, now: number) =>
      s(
        d1,
        `UPDATE assertions SET account_id = ?, updated_at = ?
         WHERE recipient_email_normalized = ? AND account_id IS NULL AND deleted_by_owner_at IS NULL
         AND EXISTS (${VERIFIED_HERE})`,
        accountId,
        now,
        normalized,
        accountId,
        normalized,
      ),
    /**
     * Certificates issued to the address while no account held it are matched now, as badges are
     * (issue 18), under the same condition.
     */
    attachAcadDocs: (accountId: string, normalized: string, now: number) =>
      s(
        d1,
        `UPDATE acad_docs SET account_id = ?, updated_at = ?
         WHERE recipient_email_normalized = ? AND account_id IS NULL AND EXISTS (${VERIFIED_HERE})`,
        accountId,
        now,
        normalized,
        accountId,
        normalized,
      ),
    setPrimary: (accountId: string, normalized: string) =>
      s(
        d1,
        `UPDATE account_emails SET is_primary = CASE WHEN email_normalized = ? THEN 1 ELSE 0 END
         WHERE account_id = ? AND EXISTS (SELECT 1 FROM account_emails WHERE account_id = ? AND email_normalized = ?
           AND verified_at IS NOT NULL)`,
        normalized,
        accountId,
        accountId,
        normalized,
      ),
    remove: (accountId: string, normalized: string) =>
      s(d1, 'DELETE FROM account_emails WHERE account_id = ? AND email_normalized = ?', accountId, normalized),
    /** Spec §4: deleting an address removes the badges issued to it (as the owner deleting them). */
    removeBadgesOf: (accountId: string, normalized: string, now: number) =>
      s(
        d1,
        `UPDATE assertions SET deleted_by_owner_at = ?, is_public = 0, updated_at = ?
         WHERE account_id = ? AND recipient_email_normalized = ? AND deleted_by_owner_at IS NULL`,
        now,
        now,
        accountId,
        normalized,
      ),
    /**
     * A removed address takes its certificates with it: they wait unmatched again, for whichever
     * account verifies the address next, and are no longer public here.
     */
    detachAcadDocsOf: (accountId: string, normalized: string, now: number) =>
      s(
        d1,
        `UPDATE acad_docs SET account_id = NULL, is_public = 0, updated_at = ?
         WHERE account_id = ? AND recipient_email_normalized = ?`,
        now,
        accountId,
        normalized,
      ),
    removeImportsOf: (accountId: string, normalized: string) =>
      s(d1, 'DELETE FROM host_assertions WHERE account_id = ? AND lower(recipient_email) = ?', accountId, normalized),
  };
}
