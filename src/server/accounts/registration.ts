import { type Language } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { passwordProblems } from '../../lib/password-policy';
import { newId, randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { runBatch } from '../db/batch';
import { AppError, refusal, type ErrorCode, type FieldError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import { accountRepo } from './account-repo';
import { accountMail } from './mails';
import { hashPassword } from './password-hash';
import { registrationRepo } from './registration-repo';
import { walletUrl } from '../http/wallet-url';
import { translator } from '../http/translator';

/** The keyed form of a deleted account's address: the address itself is not kept (spec §1). */
export const tombstoneKey = (emailNormalized: string) => sha256Hex(`tombstone:${emailNormalized}`);

/** Password problems as the field errors of a 400 E400100. */
export function passwordFieldErrors(password: string, email: string | null, confirm: string): FieldError[] {
  return passwordProblems(password, { email, confirm }).map((p) => ({
    field: p === 'mismatch' ? 'confirm_password' : 'password',
    key: `validation.password_${p}`,
  }));
}

export interface RegistrationInput {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  confirm_password: string;
  service_country: number;
}

/**
 * Step 3 of registration: a provisional registration and its activation mail, in one batch. An
 * address that already has an account, or belonged to a deleted one, gets the same answer (its
 * owner is mailed instead: AUTH-07), after the same Argon2id work.
 */
export async function register(env: Env, input: RegistrationInput, lang: Language): Promise<void> {
  const email = normalizeEmail(input.email);
  const fields = passwordFieldErrors(input.password, email, input.confirm_password);
  if (fields.length) throw new AppError('E400100', {}, fields);
  const repo = registrationRepo(env.DB);
  const [owner, tombstoned, passwordHash] = await Promise.all([
    accountRepo(env.DB).byVerifiedEmail(email),
    repo.isTombstoned(await tombstoneKey(email)),
    hashPassword(env, input.password.normalize('NFKC')),
  ]);
  const now = Date.now();
  if (owner) {
    const mail = accountMail(
      'already_registered',
      input.email,
      await translator(env, lang),
      walletUrl(env, '/password/forgot'),
    );
    await commitWithJobs(env, [], [{ kind: 'mail', payload: mail }], now);
  } else if (!tombstoned) {
    const token = randomToken();
    const hours = CONFIG.links.activationHours;
    const registration = repo.insert({
      id: newId(),
      tokenHash: await sha256Hex(token),
      email: input.email.trim(),
      emailNormalized: email,
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash,
      language: lang,
      serviceCountry: input.service_country,
      termsVersion: CONFIG.termsVersion,
      expiresAt: now + hours * 3_600_000,
      createdAt: now,
    });
    const link = walletUrl(env, `/activation/${token}`);
    const mail = accountMail('activation', input.email, await translator(env, lang), link, { hours });
    await commitWithJobs(env, [registration], [{ kind: 'mail', payload: mail }], now);
  }
}

/** The registration an activation link stands for, while it can be activated: unknown E404103, done E409101, expired E410100. */
async function activatable(repo: ReturnType<typeof registrationRepo>, token: string, now: number) {
  const reg = await repo.byTokenHash(await sha256Hex(token));
  if (!reg) throw new AppError('E404103');
  if (reg.activatedAt) throw new AppError('E409101');
  if (reg.expiresAt < now) throw new AppError('E410100');
  return reg;
}

/**
 * What the activation page says when it is opened (issue 35, item 5): null while the link can
 * activate, else the code its button would answer. Reads only: opening a link changes nothing.
 */
export async function activationProblem(env: Env, token: string): Promise<ErrorCode | null> {
  return refusal(activatable(registrationRepo(env.DB), token, Date.now()));
}

/**
 * Activates a provisional registration: the account, its verified primary address, the first
 * password-history entry, and every badge and certificate already awarded to the address, in one
 * batch. A second activation, or an address another account verified meanwhile, fails whole on
 * the verified-address unique index and answers E409101.
 */
export async function activate(env: Env, token: string): Promise<string> {
  const repo = registrationRepo(env.DB);
  const now = Date.now();
  const reg = await activatable(repo, token, now);
  const accountId = newId();
  try {
    await runBatch(env.DB, repo.activate(reg, accountId, newId(), now));
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw new AppError('E409101');
    throw err;
  }
  return accountId;
}
