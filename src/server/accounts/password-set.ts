import { normalizePassword } from '../../lib/password-policy';
import { CONFIG } from '../config';
import type { FieldError } from '../errors';
import { hashPassword, verifyPassword } from './password-hash';
import { passwordRepo } from './password-repo';
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
  const recent = await passwordRepo(d1).recentHashes(accountId, CONFIG.password.historyBlocked);
  const pw = normalizePassword(password);
  for (const h of recent) {
    if (await verifyPassword(h, pw)) return [{ field: 'password', key: 'validation.password_reused' }];
  }
  return [];
}

/** The statements that set a new password: the hash, the history entry, pending changes ended. */
export async function passwordStatements(env: Env, accountId: string, password: string, now: number) {
  const hash = await hashPassword(env, normalizePassword(password));
  return passwordRepo(env.DB).setPassword(accountId, hash, now);
}
