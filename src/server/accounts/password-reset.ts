import { toLanguage, DEFAULT_LANGUAGE } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { newId, randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { rawStatement, runBatch } from '../db/batch';
import { AppError } from '../errors';
import { dispatchOutbox } from '../outbox/dispatch';
import { outboxInsert } from '../outbox/repo';
import { accountRepo } from './account-repo';
import { attemptKey } from './login';
import { accountMail } from './mails';
import { newPasswordProblems, passwordStatements } from './password-set';
import { walletUrl } from '../http/wallet-url';

/**
 * /password/forgot and /password/initial: a single-use link (hashed, one hour) mailed to an address
 * that belongs to an account; the answer is the same for every address (RST-01), and an account gets
 * at most a few links an hour (mail bombing). Accounts without a password get the "set" wording.
 */
export async function requestPasswordLink(env: Env, email: string): Promise<void> {
  const account = await accountRepo(env.DB).byVerifiedEmail(normalizeEmail(email));
  if (!account) return;
  const now = Date.now();
  const recent = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM link_tokens WHERE account_id = ? AND purpose = 'password_reset' AND created_at > ?",
  )
    .bind(account.id, now - 3_600_000)
    .first<number>('n');
  if ((recent ?? 0) >= CONFIG.links.resetPerHour) return;
  const token = randomToken();
  const minutes = CONFIG.links.resetMinutes;
  const outboxId = newId();
  const kind = account.passwordHash ? 'reset' : 'initial';
  const mail = accountMail(
    kind,
    email.trim(),
    toLanguage(account.language) ?? DEFAULT_LANGUAGE,
    walletUrl(env, `/password/reset/${token}`),
    { minutes },
  );
  await runBatch(env.DB, [
    rawStatement(
      env.DB,
      "INSERT INTO link_tokens (token_hash, purpose, account_id, expires_at, created_at) VALUES (?, 'password_reset', ?, ?, ?)",
      await sha256Hex(token),
      account.id,
      now + minutes * 60_000,
      now,
    ),
    outboxInsert(env.DB, { kind: 'mail', payload: mail }, now, outboxId),
  ]);
  await dispatchOutbox(env, [outboxId]);
}

/**
 * Sets a new password from a reset link. The link is claimed first with one conditional UPDATE, so
 * it works once even under parallel use. Then, in one batch: the new hash, the history entry,
 * every other outstanding link and every session ended (RST-04), and the lockout lifted (RST-05).
 */
export async function resetPassword(env: Env, token: string, password: string, confirm: string): Promise<void> {
  const now = Date.now();
  const claimed = await env.DB.prepare(
    "UPDATE link_tokens SET used_at = ? WHERE token_hash = ? AND purpose = 'password_reset' AND used_at IS NULL AND expires_at > ? RETURNING account_id AS accountId",
  )
    .bind(now, await sha256Hex(token), now)
    .first<{ accountId: string | null }>();
  if (!claimed?.accountId) throw new AppError('E410101');
  const repo = accountRepo(env.DB);
  const emails = (await repo.emails(claimed.accountId)).filter((e) => e.verifiedAt !== null);
  const primary = emails.find((e) => e.isPrimary)?.email ?? emails[0]?.email ?? null;
  const fields = await newPasswordProblems(env.DB, claimed.accountId, password, primary, confirm);
  if (fields.length) {
    // The person may correct the password and try again with the same link.
    await env.DB.prepare('UPDATE link_tokens SET used_at = NULL WHERE token_hash = ?')
      .bind(await sha256Hex(token))
      .run();
    throw new AppError('E400100', {}, fields);
  }
  const s = (q: string, ...p: unknown[]) => rawStatement(env.DB, q, ...p);
  await runBatch(env.DB, [
    ...(await passwordStatements(env.DB, claimed.accountId, password, now)),
    s(
      "UPDATE link_tokens SET used_at = ? WHERE account_id = ? AND purpose = 'password_reset' AND used_at IS NULL",
      now,
      claimed.accountId,
    ),
    s('DELETE FROM sessions WHERE account_id = ?', claimed.accountId),
    ...(await Promise.all(
      emails.map(async (e) => s('DELETE FROM login_attempts WHERE email_hash = ?', await attemptKey(e.email))),
    )),
  ]);
}
