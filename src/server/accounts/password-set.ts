import { normalizePassword } from '../../lib/password-policy';
import { CONFIG } from '../config';
import { rawStatement, type BatchItem } from '../db/batch';
import type { FieldError } from '../errors';
import { hashPassword, verifyPassword } from './password-hash';
import { passwordFieldErrors } from './registration';

/**
 * The problems of a new password (spec §5): the policy, the confirmation, not the current password
 * and none of the last `historyBlocked` ones.
 */
export async function newPasswordProblems(
  d1: D1Database,
  accountId: string,
  password: string,
  email: string | null,
  confirm: string,
): Promise<FieldError[]> {
  const fields = passwordFieldErrors(password, email, confirm);
  if (fields.length) return fields;
  // The current password (whatever set it) and the last ones of the history.
  const recent = await d1
    .prepare(
      `SELECT password_hash AS h FROM accounts WHERE id = ?1 AND password_hash IS NOT NULL
       UNION ALL SELECT h FROM (SELECT password_hash AS h FROM password_history WHERE account_id = ?1
         ORDER BY created_at DESC, id DESC LIMIT ?2)`,
    )
    .bind(accountId, CONFIG.password.historyBlocked)
    .all<{ h: string }>();
  const pw = normalizePassword(password);
  for (const { h } of recent.results) {
    if (await verifyPassword(h, pw)) return [{ field: 'password', key: 'validation.password_reused' }];
  }
  return [];
}

/** The statements that set a new password: the hash, the history entry, pending changes ended. */
export async function passwordStatements(d1: D1Database, accountId: string, password: string, now: number) {
  const hash = await hashPassword(normalizePassword(password));
  const items: BatchItem[] = [
    rawStatement(
      d1,
      'UPDATE accounts SET password_hash = ?, password_changed_at = ?, updated_at = ? WHERE id = ?',
      hash,
      now,
      now,
      accountId,
    ),
    rawStatement(
      d1,
      'INSERT INTO password_history (account_id, password_hash, created_at) VALUES (?, ?, ?)',
      accountId,
      hash,
      now,
    ),
    // ACC-04: a new password ends pending address changes; whoever started them must start again.
    rawStatement(d1, 'DELETE FROM account_emails WHERE account_id = ? AND verified_at IS NULL', accountId),
    rawStatement(
      d1,
      'UPDATE verification_codes SET consumed_at = ? WHERE account_id = ? AND consumed_at IS NULL',
      now,
      accountId,
    ),
  ];
  return items;
}
