import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts';
import { createdAt, millis } from './columns';

/** Issue 22 (migration 0017): an account's random WebAuthn user handle (never its id or address). */
export const webauthnUsers = sqliteTable(
  'webauthn_users',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webauthn_users_handle_idx').on(t.handle)],
);

/** A registered passkey: the credential id (base64url) is the key; the COSE public key, base64url. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default('[]'),
    name: text('name').notNull(),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    deviceType: text('device_type').notNull(),
    createdAt: createdAt(),
    lastUsedAt: millis('last_used_at'),
  },
  (t) => [index('passkeys_account_idx').on(t.accountId)],
);

/** A WebAuthn challenge (its SHA-256), single use and short-lived, for one ceremony's purpose. */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'signin', 'second', 'reauth'] }).notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash'),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
    used: integer('used', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
