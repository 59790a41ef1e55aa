import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts';
import { createdAt, millis, updatedAt } from './columns';

/**
 * The Open Badges 3.0 REST API as a host (issue 21): applications registered by RFC 7591, the
 * codes and tokens of the authorization code grant, and what each person consented to. Secrets
 * are stored only as SHA-256 digests (256-bit random values).
 */
export const ob3Clients = sqliteTable('ob3_clients', {
  id: text('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  clientName: text('client_name').notNull(),
  clientUri: text('client_uri').notNull(),
  logoUri: text('logo_uri'),
  tosUri: text('tos_uri'),
  policyUri: text('policy_uri'),
  softwareId: text('software_id'),
  softwareVersion: text('software_version'),
  /** A JSON array; authorize compares redirect_uri with each exactly. */
  redirectUris: text('redirect_uris').notNull(),
  scope: text('scope').notNull(),
  createdAt: createdAt(),
});

/** Single-use codes: `used_by` names the one exchange that took the code (the others find it taken). */
export const ob3AuthCodes = sqliteTable(
  'ob3_auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    grantId: text('grant_id').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => ob3Clients.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
    usedBy: text('used_by'),
  },
  (t) => [index('ob3_auth_codes_expires_idx').on(t.expiresAt)],
);

/** Access and refresh tokens of one grant (`grant_id`); a reused code or refresh token revokes them all. */
export const ob3Tokens = sqliteTable(
  'ob3_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    grantId: text('grant_id').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => ob3Clients.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
    usedBy: text('used_by'),
    revokedAt: millis('revoked_at'),
  },
  (t) => [
    index('ob3_tokens_grant_idx').on(t.grantId),
    index('ob3_tokens_account_client_idx').on(t.accountId, t.clientId),
  ],
);

/** What a person allowed an application; withdrawing it (settings) revokes the application's tokens. */
export const ob3Consents = sqliteTable(
  'ob3_consents',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => ob3Clients.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId] })],
);

export type Ob3ClientRow = typeof ob3Clients.$inferSelect;
export type Ob3AuthCodeRow = typeof ob3AuthCodes.$inferSelect;
export type Ob3TokenRow = typeof ob3Tokens.$inferSelect;
