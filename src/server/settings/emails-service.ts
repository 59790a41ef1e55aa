import { toLanguage, DEFAULT_LANGUAGE } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { accountMail } from '../accounts/mails';
import { newId } from '../auth/tokens';
import { checkCode, prepareCode, wasIssued } from '../codes/service';
import { CONFIG } from '../config';
import type { SessionUser } from '../context';
import { runBatch, type BatchItem, type SqlCondition } from '../db/batch';
import { AppError } from '../errors';
import { walletUrl } from '../http/wallet-url';
import { commitWithJobs } from '../outbox/commit';
import type { AccountEmailRow } from '../db/rows';
import { emailsRepo } from './emails-repo';
import { emailLinkRepo } from './email-link-repo';
import { newEmailLink } from './email-link';
import { verificationBatch } from './email-verification';
import { confirmPassword } from './reauth';
import { translator } from '../http/translator';

async function mine(env: Env, accountId: string, normalized: string): Promise<AccountEmailRow | undefined> {
  return (await emailsRepo(env.DB).list(accountId)).find((e) => e.emailNormalized === normalized);
}

/** The account's addresses as the settings screen and the List call show them. */
export async function listEmails(env: Env, user: SessionUser) {
  return (await emailsRepo(env.DB).list(user.accountId)).map((r) => ({
    email: r.email,
    primary_yn: r.isPrimary ? ('Y' as const) : ('N' as const),
    verified: r.verifiedAt !== null,
    signed_in: r.emailNormalized === user.loginEmail,
  }));
}

/**
 * Mails a fresh six-digit code to the address: the code (under the hourly cap and `requires`), the
 * statements that depend on it, and its mail, in one batch. False when no code was issued.
 */
async function mailCode(
  env: Env,
  user: SessionUser,
  email: string,
  normalized: string,
  requires: SqlCondition,
  then: (issued: SqlCondition) => BatchItem[] = () => [],
): Promise<boolean> {
  const now = Date.now();
  const { code, statements, issued } = await prepareCode(
    env,
    { accountId: user.accountId, purpose: 'add_email', target: normalized },
    now,
    requires,
  );
  // The same mail carries a link that verifies the address as the code does (issue 20).
  const link = await newEmailLink();
  const expiresAt = now + CONFIG.links.emailVerifyHours * 3_600_000;
  const mail = accountMail(
    'email_code',
    email,
    await translator(env, toLanguage(user.language) ?? DEFAULT_LANGUAGE),
    walletUrl(env, `/email/verification/${link.token}`),
    { code, minutes: CONFIG.code.ttlMinutes, hours: CONFIG.links.emailVerifyHours },
  );
  const results = await commitWithJobs(
    env,
    [
      ...statements,
      ...then(issued),
      emailLinkRepo(env.DB).insertIf(link.hash, user.accountId, normalized, expiresAt, now, issued),
    ],
    [{ kind: 'mail', payload: mail, onlyIf: issued }],
    now,
  );
  return wasIssued(results);
}

/**
 * Adds an address (spec §4): pending until the mailed code is entered. A pending address confers
 * nothing, neither sign-in nor badges nor a claim that blocks its real owner (ACC-01). An address
 * already on the account, pending or verified, is a duplicate (spec §5: E409107); resending a code
 * is ResendCode. Parallel additions: the first adds it, the rest are duplicates (CON-10).
 */
export async function addEmail(env: Env, user: SessionUser, raw: string, password: string) {
  await confirmPassword(env, user, password);
  const email = raw.trim();
  const normalized = normalizeEmail(email);
  if (await mine(env, user.accountId, normalized)) throw new AppError('E409107');
  const repo = emailsRepo(env.DB);
  const added = await mailCode(
    env,
    user,
    email,
    normalized,
    repo.notOnAccount(user.accountId, normalized),
    (issued) => [repo.insertPendingIf(newId(), user.accountId, email, normalized, Date.now(), issued)],
  );
  if (added) return;
  throw new AppError((await mine(env, user.accountId, normalized)) ? 'E409107' : 'E429100');
}

export async function resendEmailCode(env: Env, user: SessionUser, raw: string) {
  const normalized = normalizeEmail(raw);
  const existing = await mine(env, user.accountId, normalized);
  if (!existing) throw new AppError('E404106');
  if (existing.verifiedAt) throw new AppError('E409109');
  const pending = emailsRepo(env.DB).pendingOnAccount(user.accountId, normalized);
  if (await mailCode(env, user, existing.email, normalized, pending)) return;
  // Not issued: the hourly cap, or the address was verified or removed meanwhile.
  const after = await mine(env, user.accountId, normalized);
  throw new AppError(!after ? 'E404106' : after.verifiedAt ? 'E409109' : 'E429100');
}

/**
 * Verifies a pending address with its code. Then, in one batch: verified, anyone else's pending
 * claim removed (ACC-01), and badges and certificates already issued to it attached. Two accounts verifying the same
 * address at once: the unique index lets exactly one win; the other gets E409108 (ACC-02).
 */
export async function verifyEmail(env: Env, user: SessionUser, raw: string, code: string) {
  const normalized = normalizeEmail(raw);
  const existing = await mine(env, user.accountId, normalized);
  if (!existing) throw new AppError('E404106');
  if (existing.verifiedAt) throw new AppError('E409109');
  const now = Date.now();
  await checkCode(env, { accountId: user.accountId, purpose: 'add_email', target: normalized }, code, now);
  const repo = emailsRepo(env.DB);
  if (await repo.verifiedElsewhere(normalized, user.accountId)) throw new AppError('E409108');
  const verified = await verificationBatch(env, user.accountId, normalized, now);
  // No row verified: another account verified the address first and removed this pending claim.
  if ((verified[0]?.results.length ?? 0) === 0) throw new AppError('E409108');
}

export async function setPrimaryEmail(env: Env, user: SessionUser, raw: string) {
  const normalized = normalizeEmail(raw);
  const existing = await mine(env, user.accountId, normalized);
  if (!existing) throw new AppError('E404106');
  if (!existing.verifiedAt) throw new AppError('E409111');
  await runBatch(env.DB, [emailsRepo(env.DB).setPrimary(user.accountId, normalized)]);
}

/**
 * Deletes an address and, as spec §4 says, the badges issued to it. Never the address this session
 * signed in with, never the last verified one (ACC-03); a deleted primary hands the mark to the
 * oldest other verified address. One batch.
 */
export async function deleteEmail(env: Env, user: SessionUser, raw: string, password: string) {
  await confirmPassword(env, user, password);
  const normalized = normalizeEmail(raw);
  const repo = emailsRepo(env.DB);
  const all = await repo.list(user.accountId);
  const existing = all.find((e) => e.emailNormalized === normalized);
  if (!existing) throw new AppError('E404106');
  if (normalized === user.loginEmail) throw new AppError('E409110');
  const otherVerified = all.filter((e) => e.verifiedAt !== null && e.emailNormalized !== normalized);
  if (existing.verifiedAt && otherVerified.length === 0) throw new AppError('E409112');
  const now = Date.now();
  const heir = existing.isPrimary ? otherVerified.sort((a, b) => a.createdAt - b.createdAt)[0] : undefined;
  // ACC-03: a verified address is told it was removed, in case it was not its owner who did it.
  const lang = toLanguage(user.language) ?? DEFAULT_LANGUAGE;
  const notice = existing.verifiedAt
    ? [
        {
          kind: 'mail' as const,
          payload: accountMail('email_removed', existing.email, await translator(env, lang), walletUrl(env, '/login')),
        },
      ]
    : [];
  await commitWithJobs(
    env,
    [
      repo.removeBadgesOf(user.accountId, normalized, now),
      repo.removeImportsOf(user.accountId, normalized),
      repo.detachAcadDocsOf(user.accountId, normalized, now),
      repo.remove(user.accountId, normalized),
      ...(heir ? [repo.setPrimary(user.accountId, heir.emailNormalized)] : []),
    ],
    notice,
    now,
  );
}
