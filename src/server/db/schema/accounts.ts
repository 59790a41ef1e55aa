import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, millis, publicId, updatedAt } from './columns';

/** A wallet account (spec §3 "User info"). user_type 1 = portal user, 2 = wallet user. */
export const accounts = sqliteTable(
  'accounts',
  {
    id: publicId(),
    userType: integer('user_type').notNull().default(2),
    status: text('status', { enum: ['active', 'merged', 'deleted'] })
      .notNull()
      .default('active'),
    mergedInto: text('merged_into'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    firstNameEn: text('first_name_en'),
    lastNameEn: text('last_name_en'),
    bio: text('bio'),
    profileImageKey: text('profile_image_key'),
    serviceCountry: integer('service_country').notNull().default(1),
    language: text('language').notNull().default('en'),
    agreeTermOfService: flag('agree_term_of_service'),
    termsVersion: text('terms_version'),
    termsAgreedAt: millis('terms_agreed_at'),
    /** Null for accounts created without a password (they go through /password/initial). */
    passwordHash: text('password_hash'),
    passwordChangedAt: millis('password_changed_at'),
    receiveBadgeMail: flag('receive_badge_mail').default(true),
    receiveInfoMail: flag('receive_info_mail').default(true),
    autoReceive: flag('auto_receive'),
    confettiShown: flag('confetti_shown'),
    claimableReminderHiddenUntil: millis('claimable_reminder_hidden_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_status_idx').on(t.status)],
);

/**
 * Addresses of an account. Only verified addresses match badges or log in (security guide ACC-01);
 * the partial unique index lets exactly one account verify an address (ACC-02) while pending
 * entries claim nothing.
 */
export const accountEmails = sqliteTable(
  'account_emails',
  {
    id: publicId(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    verifiedAt: millis('verified_at'),
    isPrimary: flag('is_primary'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_emails_verified_uq')
      .on(t.emailNormalized)
      .where(sql`verified_at IS NOT NULL`),
    uniqueIndex('account_emails_account_email_uq').on(t.accountId, t.emailNormalized),
    index('account_emails_account_idx').on(t.accountId, t.isPrimary),
  ],
);

/** The last password hashes of an account, so a new password cannot repeat the last four. */
export const passwordHistory = sqliteTable(
  'password_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_account_idx').on(t.accountId, t.createdAt)],
);

/** A deleted account's address may not register again (spec §1); only a keyed hash is kept. */
export const emailTombstones = sqliteTable('email_tombstones', {
  emailHash: text('email_hash').primaryKey(),
  deletedAt: millis('deleted_at').notNull(),
});

/** Why accounts were deleted (spec §3 reasons), kept without any personal data. */
export const accountDeletions = sqliteTable('account_deletions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  reason: integer('reason').notNull(),
  deletedAt: millis('deleted_at').notNull(),
});

/** An account merge (account integration); the id makes a retried merge idempotent (ACC-08). */
export const accountMerges = sqliteTable(
  'account_merges',
  {
    id: publicId(),
    sourceAccountId: text('source_account_id').notNull(),
    targetAccountId: text('target_account_id').notNull(),
    status: text('status', { enum: ['proven', 'completed'] }).notNull(),
    createdAt: createdAt(),
    completedAt: millis('completed_at'),
  },
  (t) => [index('account_merges_source_idx').on(t.sourceAccountId)],
);
