import { rawStatement, type BatchItem } from '../db/batch';

export interface NewPortalAccount {
  accountId: string;
  emailId: string;
  issuer: string;
  subject: string;
  providerId: string;
  firstName: string;
  lastName: string;
  language: string;
  /** The provider's address: verified (it becomes the primary, if still free) or pending (it confers nothing: ACC-01). */
  email: { address: string; normalized: string; verified: boolean } | null;
  /** Present when the batch completes a waiting choice: nothing happens unless that row is still there. */
  pendingBindingHash?: string;
  now: number;
}

/** Portal identities, keyed by (issuer, sub) only (SSO-05), and the type-1 accounts behind them. */
export function identityRepo(d1: D1Database) {
  const s = (q: string, ...p: unknown[]) => rawStatement(d1, q, ...p);
  return {
    accountOf: (issuer: string, subject: string) =>
      s(
        `SELECT i.account_id AS accountId FROM portal_identities i JOIN accounts a ON a.id = i.account_id
         WHERE i.issuer = ? AND i.subject = ? AND a.status = 'active'`,
        issuer,
        subject,
      ).first<{ accountId: string }>(),

    /** The live wallet account holding this verified address, if any. */
    verifiedHolder: (emailNormalized: string) =>
      s(
        `SELECT a.id AS accountId, a.user_type AS userType FROM account_emails e JOIN accounts a ON a.id = e.account_id
         WHERE e.email_normalized = ? AND e.verified_at IS NOT NULL AND a.status = 'active'`,
        emailNormalized,
      ).first<{ accountId: string; userType: number }>(),

    /**
     * The first sign-in of an identity, as one batch whose statements re-check their preconditions:
     * the account is made only if no account holds the identity yet (so 50 parallel first sign-ins
     * make one), the identity row points at it, and the verified address is added only while no
     * account has verified it (the partial unique index would refuse it anyway). Badges and
     * certificates already sent to that address join the account, as at activation. The last
     * statement reads whose the identity is now.
     */
    createStatements(a: NewPortalAccount): BatchItem[] {
      // Completing a waiting choice: only while its row is there (the same batch deletes it).
      const waiting = a.pendingBindingHash ? ' AND EXISTS (SELECT 1 FROM portal_pending WHERE binding_hash = ?)' : '';
      const waitingParams = a.pendingBindingHash ? [a.pendingBindingHash] : [];
      const mine = 'EXISTS (SELECT 1 FROM portal_identities WHERE issuer = ? AND subject = ? AND account_id = ?)';
      const items: BatchItem[] = [
        s(
          `INSERT INTO accounts (id, user_type, status, first_name, last_name, service_country, language, created_at, updated_at)
           SELECT ?, 1, 'active', ?, ?, 1, ?, ?, ?
           WHERE NOT EXISTS (SELECT 1 FROM portal_identities WHERE issuer = ? AND subject = ?)${waiting}`,
          a.accountId,
          a.firstName,
          a.lastName,
          a.language,
          a.now,
          a.now,
          a.issuer,
          a.subject,
          ...waitingParams,
        ),
        s(
          `INSERT OR IGNORE INTO portal_identities (issuer, subject, provider_id, account_id, created_at)
           SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?)`,
          a.issuer,
          a.subject,
          a.providerId,
          a.accountId,
          a.now,
          a.accountId,
        ),
      ];
      if (a.email) {
        const e = a.email;
        items.push(
          s(
            `INSERT OR IGNORE INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
             SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${mine}
               AND NOT (? IS NOT NULL AND EXISTS (SELECT 1 FROM account_emails WHERE email_normalized = ? AND verified_at IS NOT NULL))`,
            a.emailId,
            a.accountId,
            e.address,
            e.normalized,
            e.verified ? a.now : null,
            e.verified ? 1 : 0,
            a.now,
            a.issuer,
            a.subject,
            a.accountId,
            e.verified ? a.now : null,
            e.normalized,
          ),
        );
        if (e.verified) {
          const owns = `EXISTS (SELECT 1 FROM account_emails WHERE id = ? AND verified_at IS NOT NULL)`;
          items.push(
            s(
              `UPDATE assertions SET account_id = ?, updated_at = ? WHERE recipient_email_normalized = ? AND account_id IS NULL AND ${owns}`,
              a.accountId,
              a.now,
              e.normalized,
              a.emailId,
            ),
            s(
              `UPDATE acad_docs SET account_id = ? WHERE recipient_email_normalized = ? AND account_id IS NULL AND ${owns}`,
              a.accountId,
              e.normalized,
              a.emailId,
            ),
          );
        }
      }
      return items;
    },

    /** Last in a batch: the account the identity belongs to after it. */
    readIdentity: (issuer: string, subject: string) =>
      s('SELECT account_id AS accountId FROM portal_identities WHERE issuer = ? AND subject = ?', issuer, subject),

    /** After a merge the moved address (verified, not primary) becomes the new account's primary. */
    makePrimary: (accountId: string, emailNormalized: string) =>
      s(
        `UPDATE account_emails SET is_primary = 1 WHERE account_id = ? AND email_normalized = ? AND verified_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM account_emails WHERE account_id = ? AND is_primary = 1)`,
        accountId,
        emailNormalized,
        accountId,
      ),

    /** The merge row the settings merge statements complete (proven by the wallet password). */
    insertMerge: (mergeId: string, source: string, target: string, now: number) =>
      s(
        `INSERT INTO account_merges (id, source_account_id, target_account_id, status, created_at)
         SELECT ?, ?, ?, 'proven', ? WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?)`,
        mergeId,
        source,
        target,
        now,
        target,
      ),
  };
}
