import { toLanguage, DEFAULT_LANGUAGE } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import { accountRepo } from './account-repo';
import { lockoutRepo } from './lockout-repo';
import { attemptKey } from './login';
import { accountMail } from './mails';
import { passwordRepo } from './password-repo';
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
  const passwords = passwordRepo(env.DB);
  if ((await passwords.resetLinksSince(account.id, now - 3_600_000)) >= CONFIG.links.resetPerHour) return;
  const token = randomToken();
  const minutes = CONFIG.links.resetMinutes;
  const kind = account.passwordHash ? 'reset' : 'initial';
  const mail = accountMail(
    kind,
    email.trim(),
    toLanguage(account.language) ?? DEFAULT_LANGUAGE,
    walletUrl(env, `/password/reset/${token}`),
    { minutes },
  );
  await commitWithJobs(
    env,
    [passwords.insertResetLink(await sha256Hex(token), account.id, now + minutes * 60_000, now)],
    [{ kind: 'mail', payload: mail }],
    now,
  );
}

/**
 * Sets a new password from a reset link. The link is claimed first with one conditional UPDATE, so
 * it works once even under parallel use. Then, in one batch: the new hash, the history entry,
 * every other outstanding link and every session ended (RST-04), and the lockout lifted (RST-05).
 */
export async function resetPassword(env: Env, token: string, password: string, confirm: string): Promise<void> {
  const now = Date.now();
  const passwords = passwordRepo(env.DB);
  const accountId = await passwords.claimResetLink(await sha256Hex(token), now);
  if (!accountId) throw new AppError('E410101');
  const repo = accountRepo(env.DB);
  const emails = (await repo.emails(accountId)).filter((e) => e.verifiedAt !== null);
  const primary = emails.find((e) => e.isPrimary)?.email ?? emails[0]?.email ?? null;
  const fields = await newPasswordProblems(env.DB, accountId, password, primary, confirm);
  if (fields.length) {
    // The person may correct the password and try again with the same link.
    await passwords.releaseResetLink(await sha256Hex(token));
    throw new AppError('E400100', {}, fields);
  }
  const lockout = lockoutRepo(env.DB);
  await runBatch(env.DB, [
    ...(await passwordStatements(env.DB, accountId, password, now)),
    passwords.retireResetLinks(accountId, now),
    passwords.endSessions(accountId),
    ...(await Promise.all(emails.map(async (e) => lockout.clear(await attemptKey(e.email))))),
  ]);
}
