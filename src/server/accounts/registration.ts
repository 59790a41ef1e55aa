import { type Language } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { passwordProblems } from '../../lib/password-policy';
import { newId, randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { rawStatement, runBatch, type BatchItem } from '../db/batch';
import { AppError, type FieldError } from '../errors';
import { dispatchOutbox } from '../outbox/dispatch';
import { outboxInsert } from '../outbox/repo';
import { accountRepo } from './account-repo';
import { accountMail } from './mails';
import { hashPassword } from './password-hash';
import { walletUrl } from '../http/wallet-url';

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
  const [owner, tombstoned, passwordHash] = await Promise.all([
    accountRepo(env.DB).byVerifiedEmail(email),
    env.DB.prepare('SELECT 1 AS x FROM email_tombstones WHERE email_hash = ?')
      .bind(await tombstoneKey(email))
      .first(),
    hashPassword(input.password.normalize('NFKC')),
  ]);
  const now = Date.now();
  const items: BatchItem[] = [];
  const outboxId = newId();
  if (owner) {
    const mail = accountMail('already_registered', input.email, lang, walletUrl(env, '/password/forgot'));
    items.push(outboxInsert(env.DB, { kind: 'mail', payload: mail }, now, outboxId));
  } else if (!tombstoned) {
    const token = randomToken();
    const hours = CONFIG.links.activationHours;
    items.push(
      rawStatement(
        env.DB,
        `INSERT INTO registrations (id, token_hash, email, email_normalized, first_name, last_name, password_hash, language, service_country, terms_version, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        newId(),
        await sha256Hex(token),
        input.email.trim(),
        email,
        input.first_name,
        input.last_name,
        passwordHash,
        lang,
        input.service_country,
        CONFIG.termsVersion,
        now + hours * 3_600_000,
        now,
      ),
      outboxInsert(
        env.DB,
        {
          kind: 'mail',
          payload: accountMail('activation', input.email, lang, walletUrl(env, `/activation/${token}`), { hours }),
        },
        now,
        outboxId,
      ),
    );
  }
  await runBatch(env.DB, items);
  if (items.length) await dispatchOutbox(env, [outboxId]);
}

interface RegistrationRow {
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

/**
 * Activates a provisional registration: the account, its verified primary address, the first
 * password-history entry, and every badge and certificate already awarded to the address, in one
 * batch. A second activation, or an address another account verified meanwhile, fails whole on
 * the verified-address unique index and answers E409101.
 */
export async function activate(env: Env, token: string): Promise<string> {
  const reg = await env.DB.prepare(
    `SELECT id, email, email_normalized AS emailNormalized, first_name AS firstName, last_name AS lastName, password_hash AS passwordHash,
            language, service_country AS serviceCountry, terms_version AS termsVersion, expires_at AS expiresAt, activated_at AS activatedAt
     FROM registrations WHERE token_hash = ?`,
  )
    .bind(await sha256Hex(token))
    .first<RegistrationRow>();
  const now = Date.now();
  if (!reg) throw new AppError('E404103');
  if (reg.activatedAt) throw new AppError('E409101');
  if (reg.expiresAt < now) throw new AppError('E410100');
  const accountId = newId();
  const s = (q: string, ...p: unknown[]) => rawStatement(env.DB, q, ...p);
  try {
    await runBatch(env.DB, [
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
        newId(),
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
    ]);
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw new AppError('E409101');
    throw err;
  }
  return accountId;
}
