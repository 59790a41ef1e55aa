import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts';
import { createdAt, millis } from './columns';

/**
 * Sign-ins through the portal in progress (issue 20, SSO-01): state, nonce and PKCE verifier live
 * here, keyed by the SHA-256 of `state`, and are consumed by one DELETE … RETURNING that also
 * matches the browser-binding cookie's hash, so each is single-use and bound to its browser.
 */
export const portalFlows = sqliteTable(
  'portal_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    providerId: text('provider_id').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    language: text('language').notNull(),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('portal_flows_expires_idx').on(t.expiresAt)],
);

/** Who a portal identity is here: the key is (issuer, sub) and nothing else (SSO-05, ASVS 6.8.1). */
export const portalIdentities = sqliteTable(
  'portal_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('portal_identities_account_idx').on(t.accountId)],
);

/**
 * A first portal sign-in whose verified address belongs to a wallet account: held (bound to the
 * browser) until the person chooses to merge that account (with its password) or to go on without it.
 */
export const portalPending = sqliteTable(
  'portal_pending',
  {
    bindingHash: text('binding_hash').primaryKey(),
    providerId: text('provider_id').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    language: text('language').notNull(),
    sid: text('sid'),
    idToken: text('id_token').notNull(),
    authTime: millis('auth_time').notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('portal_pending_expires_idx').on(t.expiresAt)],
);

/**
 * A portal session (issue 20 item 2): proof of a portal authentication, from which
 * GetApiAccessToken.ashx mints wallet sessions until `expires_at` (SSO-07: the longest time between
 * two portal authentications) or until the portal ends it (back-channel logout by sid or sub).
 */
export const portalSessions = sqliteTable(
  'portal_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    sid: text('sid'),
    idToken: text('id_token').notNull(),
    authTime: millis('auth_time').notNull(),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [
    index('portal_sessions_sid_idx').on(t.issuer, t.sid),
    index('portal_sessions_sub_idx').on(t.issuer, t.subject),
    index('portal_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Back-channel logout tokens already used, by issuer and jti, kept until they expire (replays refused). */
export const portalLogoutJtis = sqliteTable(
  'portal_logout_jtis',
  {
    issuer: text('issuer').notNull(),
    jti: text('jti').notNull(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.jti] })],
);

export type PortalSessionRow = typeof portalSessions.$inferSelect;
export type PortalFlowRow = typeof portalFlows.$inferSelect;
export type PortalPendingRow = typeof portalPending.$inferSelect;
