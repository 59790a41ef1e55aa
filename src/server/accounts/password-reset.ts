import { toLanguage, DEFAULT_LANGUAGE } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import type { PasswordLink } from '../outbox/payloads';
import { outboxRowAbsent } from '../outbox/repo';
import { accountRepo } from './account-repo';
import { lockoutRepo } from './lockout-repo';
import { attemptKey } from './login';
import { accountMail } from './mails';
import { passwordRepo } from './password-repo';
import { newPasswordProblems, passwordStatements } from './password-set';
import { walletUrl } from '../http/wallet-url';
import { USER_TYPE_PORTAL } from '../auth/user-types';
import { translator } from '../http/translator';

/**
 * /password/forgot and /password/initial. The request only queues the work: one outbox row, the same
 * statements and the same queue message for every address, so neither the answer nor the time it
 * takes tells whether the address has an account (RST-01). `sendPasswordLink` does the rest.
 */
export async function requestPasswordLink(env: Env, email: string): Promise<void> {
  await commitWithJobs(env, [], [{ kind: 'password_link', payload: { email: email.trim() } }]);
}

/**
 * The queued part: a single-use link (hashed, one hour) mailed to an address that belongs to an
 * account, at most a few an hour (mail bombing); accounts without a password get the "set" wording.
 * Idempotent: the mail's outbox row is named after the job, and the link is written only while that
 * row does not exist, so a retried job neither mails twice nor leaves a second link.
 */
export async function sendPasswordLink(env: Env, jobId: string, job: PasswordLink, now: number): Promise<void> {
  const account = await accountRepo(env.DB).byVerifiedEmail(normalizeEmail(job.email));
  // A portal user's password is the portal's: nothing is sent, exactly as for an unknown address.
  if (!account || account.userType === USER_TYPE_PORTAL) return;
  const passwords = passwordRepo(env.DB);
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const minutes = CONFIG.links.resetMinutes;
  const mailId = `${jobId}:mail`;
  const mail = accountMail(
    account.passwordHash ? 'reset' : 'initial',
    job.email,
    await translator(env, toLanguage(account.language) ?? DEFAULT_LANGUAGE),
    walletUrl(env, `/password/reset/${token}`),
    { minutes },
  );
  const cap = { since: now - 3_600_000, max: CONFIG.links.resetPerHour, requires: outboxRowAbsent(mailId) };
  await commitWithJobs(
    env,
    [passwords.insertResetLinkUnderCap(tokenHash, account.id, now + minutes * 60_000, now, cap)],
    [{ id: mailId, kind: 'mail', payload: mail, onlyIf: passwords.resetLinkIssued(tokenHash) }],
    now,
  );
}

/**
 * What the reset page says when it is opened (issue 35, item 5): null while the link can still set a
 * password, else E410101 (expired, used or unknown), the code the form would answer. Reads only.
 */
export async function resetLinkProblem(env: Env, token: string): Promise<'E410101' | null> {
  return (await passwordRepo(env.DB).resetLinkLive(await sha256Hex(token), Date.now())) ? null : 'E410101';
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
    ...(await passwordStatements(env, accountId, password, now)),
    passwords.retireResetLinks(accountId, now),
    passwords.endSessions(accountId),
    ...(await Promise.all(emails.map(async (e) => lockout.clear(await attemptKey(e.email))))),
  ]);
}
