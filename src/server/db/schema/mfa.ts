import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts';
import { createdAt, millis } from './columns';

/**
 * Issue 22 (migration 0013): the authenticator-app secret of an account. Unconfirmed while
 * `confirmedAt` is null; `lastStep` is the newest accepted RFC 6238 step, so no code works twice.
 */
export const totpFactors = sqliteTable('totp_factors', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: millis('confirmed_at'),
  lastStep: integer('last_step', { mode: 'number' }).notNull().default(0),
  lastTicket: text('last_ticket'),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per account, kept only as digests. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    usedAt: millis('used_at'),
    usedTicket: text('used_ticket'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/** A sign-in whose password was right and whose second step is pending (5 minutes). */
export const mfaLogins = sqliteTable(
  'mfa_logins',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    loginEmail: text('login_email').notNull(),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('mfa_logins_expires_idx').on(t.expiresAt)],
);
