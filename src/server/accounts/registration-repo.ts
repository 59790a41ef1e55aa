import { rawStatement, type BatchItem } from '../db/batch';

/** A provisional registration as activation reads it. */
export interface RegistrationRow {
  id: string;
  email: string;
  emailNormalized: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  language: string;
  serviceCountry: number;
  termsVersion: string;
  expiresAt: number;
  activatedAt: number | null;
}

/** What registration writes before activation (the provisional row), as a statement for its batch. */
export type NewRegistration = Omit<RegistrationRow, 'activatedAt'> & { tokenHash: string; createdAt: number };

/** SQL of registration and activation; writes come back as statements for the caller's batch. */
export function registrationRepo(d1: D1Database) {
  const s = (q: string, ...p: unknown[]) => rawStatement(d1, q, ...p);
  return {
    /** Whether the keyed address belonged to a deleted account (it may not register again). */
    async isTombstoned(emailHash: string) {
      return (
        (await d1.prepare('SELECT 1 AS x FROM email_tombstones WHERE email_hash = ?').bind(emailHash).first()) !== null
      );
    },

    insert: (r: NewRegistration) =>
      s(
        `INSERT INTO registrations (id, token_hash, email, email_normalized, first_name, last_name, password_hash, language, service_country, terms_version, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        r.id,
        r.tokenHash,
        r.email,
        r.emailNormalized,
        r.firstName,
        r.lastName,
        r.passwordHash,
        r.language,
        r.serviceCountry,
        r.termsVersion,
        r.expiresAt,
        r.createdAt,
      ),

    byTokenHash: (tokenHash: string) =>
      d1
        .prepare(
          `SELECT id, email, email_normalized AS emailNormalized, first_name AS firstName, last_name AS lastName, password_hash AS passwordHash,
            language, service_country AS serviceCountry, terms_version AS termsVersion, expires_at AS expiresAt, activated_at AS activatedAt
     FROM registrations WHERE token_hash = ?`,
        )
        .bind(tokenHash)
        .first<RegistrationRow>(),

    /**
     * The activation batch: the registration marked, the account, its verified primary address, the
     * first password-history entry, and every badge and certificate already sent to the address.
     */
    activate(reg: RegistrationRow, accountId: string, emailId: string, now: number): BatchItem[] {
      return [
        s('UPDATE registrations SET activated_at = ?, account_id = ? WHERE id = ?', now, accountId, reg.id),
        s(
          `INSERT INTO accounts (id, user_type, status, first_name, last_name, service_country, language, agree_term_of_service, terms_version, terms_agreed_at, password_hash, password_changed_at, created_at, updated_at)
         VALUES (?, 2, 'active', ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
          accountId,
          reg.firstName,
          reg.lastName,
          reg.serviceCountry,
          reg.language,
          reg.termsVersion,
          now,
          reg.passwordHash,
          now,
          now,
          now,
        ),
        s(
          'INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES (?, ?, ?, ?, ?, 1, ?)',
          emailId,
          accountId,
          reg.email,
          reg.emailNormalized,
          now,
          now,
        ),
        s(
          'INSERT INTO password_history (account_id, password_hash, created_at) VALUES (?, ?, ?)',
          accountId,
          reg.passwordHash,
          now,
        ),
        s(
          'UPDATE assertions SET account_id = ?, updated_at = ? WHERE recipient_email_normalized = ? AND account_id IS NULL',
          accountId,
          now,
          reg.emailNormalized,
        ),
        s(
          'UPDATE acad_docs SET account_id = ? WHERE recipient_email_normalized = ? AND account_id IS NULL',
          accountId,
          reg.emailNormalized,
        ),
      ];
    },
  };
}
