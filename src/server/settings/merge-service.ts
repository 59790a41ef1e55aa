import { completionEvents } from '../notifications/events-repo';
import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { accountRepo } from '../accounts/account-repo';
import { checkLogin } from '../accounts/login';
import { accountMail } from '../accounts/mails';
import { newId } from '../auth/tokens';
import { checkCode, prepareCode, wasIssued } from '../codes/service';
import { CONFIG } from '../config';
import type { SessionUser } from '../context';
import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { walletUrl } from '../http/wallet-url';
import { commitWithJobs } from '../outbox/commit';
import { mergeRepo } from './merge-repo';
import { confirmPassword } from './reauth';
import { translator } from '../http/translator';

/** A proven merge request: what will move, shown before the person confirms. */
async function startMerge(env: Env, user: SessionUser, source: string) {
  if (source === user.accountId) throw new AppError('E409114');
  const repo = mergeRepo(env.DB);
  if (!(await repo.isActive(source))) throw new AppError('E409115');
  const id = newId();
  await repo.insert(id, source, user.accountId, Date.now());
  return { merge_id: id, ...(await repo.preview(source)) };
}

/** Proof of the other wallet account by its email and password (counted like a login: ACC-06). */
export async function proveByPassword(env: Env, user: SessionUser, email: string, password: string) {
  const other = await checkLogin(env, email, password);
  return startMerge(env, user, other.id);
}

/**
 * Proof by a code mailed to the other account's address. The answer is the same whether or not the
 * address belongs to an account, so this cannot be used to find out who has one.
 */
export async function sendMergeCode(env: Env, user: SessionUser, email: string) {
  const owner = await accountRepo(env.DB).byVerifiedEmail(normalizeEmail(email));
  if (owner?.id === user.accountId) throw new AppError('E409114');
  if (!owner) return;
  const now = Date.now();
  const { code, statements, issued } = await prepareCode(
    env,
    { accountId: user.accountId, purpose: 'merge', target: owner.id },
    now,
  );
  const mail = accountMail(
    'merge_code',
    email.trim(),
    await translator(env, toLanguage(owner.language) ?? DEFAULT_LANGUAGE),
    walletUrl(env, '/login'),
    { code, minutes: CONFIG.code.ttlMinutes },
  );
  // The cap is counted by the code's own insert, so parallel sends stop at it (CON-10).
  const results = await commitWithJobs(env, statements, [{ kind: 'mail', payload: mail, onlyIf: issued }], now);
  if (!wasIssued(results)) throw new AppError('E429100');
}

export async function proveByCode(env: Env, user: SessionUser, email: string, code: string) {
  const owner = await accountRepo(env.DB).byVerifiedEmail(normalizeEmail(email));
  if (!owner) throw new AppError('E410102');
  await checkCode(env, { accountId: user.accountId, purpose: 'merge', target: owner.id }, code, Date.now());
  return startMerge(env, user, owner.id);
}

/**
 * Confirms a proven merge with the signed-in account's own password, then moves everything in one
 * batch (ACC-07, ACC-08). Confirming a completed merge again answers as the first time did.
 */
export async function confirmMerge(env: Env, user: SessionUser, mergeId: string, password: string) {
  await confirmPassword(env, user, password);
  const repo = mergeRepo(env.DB);
  const row = await repo.find(mergeId, user.accountId);
  if (!row) throw new AppError('E404100');
  if (row.status === 'completed') return;
  if (!(await repo.isActive(row.sourceAccountId))) throw new AppError('E409115');
  const now = Date.now();
  // The "process completed" notification goes first: it counts the source's badges before they move.
  const results = await runBatch(env.DB, [
    completionEvents(env.DB).merged(row.sourceAccountId, user.accountId, now),
    ...repo.statements(mergeId, row.sourceAccountId, user.accountId, now),
  ]);
  if ((results.at(-1)?.results.length ?? 0) === 0) throw new AppError('E409115');
}
