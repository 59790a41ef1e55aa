import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts';
import { createdAt, millis, publicId } from './columns';

/** Login sessions: only the SHA-256 of the 256-bit token is stored; expiry is enforced here. */
export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userType: integer('user_type').notNull().default(2),
    /** The address signed in with: it cannot be deleted from this session (spec §4). */
    loginEmail: text('login_email'),
    /** For a portal user (type 1): the SHA-256 id of the portal session this session was minted from. */
    portalSessionHash: text('portal_session_hash'),
    createdAt: createdAt(),
    expiresAt: millis('expires_at').notNull(),
    /** Issue 22 (migration 0015): the id the sessions list and its sign-out forms use. */
    publicId: text('public_id'),
    /** The User-Agent at sign-in (at most 512 characters), parsed for the list. */
    userAgent: text('user_agent'),
    /** Approximate place from the platform (request.cf), null where none is given. */
    country: text('country'),
    city: text('city'),
    /** Updated at most every few minutes (sessions/touch), not on every request. */
    lastSeenAt: millis('last_seen_at'),
    /** The known device (known_devices) this session signed in from. */
    deviceHash: text('device_hash'),
  },
  (t) => [
    index('sessions_account_idx').on(t.accountId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_portal_idx').on(t.portalSessionHash),
    uniqueIndex('sessions_public_id_unique').on(t.publicId),
  ],
);

/**
 * Issue 22: the devices an account has signed in from (a long-lived random cookie, hashed with the
 * account id). A sign-in from a device not in this table is announced, unless it is the first.
 */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    /** The session whose sign-in added the row: its batch alone announces the device. */
    firstSessionHash: text('first_session_hash').notNull(),
    firstSeenAt: millis('first_seen_at').notNull(),
    lastSeenAt: millis('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.deviceHash] })],
);

/** Provisional registrations (step 3 of registration) waiting for /activation/{token}. */
export const registrations = sqliteTable(
  'registrations',
  {
    id: publicId(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull(),
    serviceCountry: integer('service_country').notNull(),
    termsVersion: text('terms_version').notNull(),
    expiresAt: millis('expires_at').notNull(),
    activatedAt: millis('activated_at'),
    accountId: text('account_id'),
    createdAt: createdAt(),
  },
  (t) => [index('registrations_email_idx').on(t.emailNormalized)],
);

/**
 * Six-digit codes (add email, merge). Stored as a keyed hash; attempts change with one conditional
 * UPDATE so parallel guesses cannot exceed the cap (security guide CODE-02).
 */
export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: publicId(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['add_email', 'merge'] }).notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: millis('expires_at').notNull(),
    consumedAt: millis('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_account_idx').on(t.accountId, t.purpose, t.createdAt)],
);

/** Single-use emailed links (password reset, email verification, badge receipt), stored hashed. */
export const linkTokens = sqliteTable(
  'link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification', 'receive', 'mail_prefs'] }).notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    expiresAt: millis('expires_at').notNull(),
    usedAt: millis('used_at'),
    /** A random mark of the request that used the link, so that request's later statements know it was theirs. */
    usedBy: text('used_by'),
    createdAt: createdAt(),
  },
  (t) => [index('link_tokens_account_idx').on(t.accountId, t.purpose)],
);

/**
 * Failed logins per email address (keyed by a hash of the normalised address, known or not), so
 * an unknown address gets exactly the answers and lockout a known one gets (AUTH-07). Counted
 * with one atomic upsert per failure (AUTH-04).
 */
export const loginAttempts = sqliteTable('login_attempts', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: millis('locked_until'),
  updatedAt: millis('updated_at').notNull(),
});
