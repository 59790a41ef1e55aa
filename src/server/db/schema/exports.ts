import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts';
import { createdAt, millis } from './columns';

/**
 * Whole-wallet exports (issue 22, migration 0014). A ZIP is built by queue steps into an R2
 * multipart upload; the row keeps the resumable state, the progress and the link's expiry.
 */
export const walletExports = sqliteTable(
  'wallet_exports',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['building', 'ready', 'failed'] })
      .notNull()
      .default('building'),
    step: integer('step').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    stateJson: text('state_json').notNull(),
    r2Key: text('r2_key'),
    size: integer('size'),
    createdAt: createdAt(),
    readyAt: millis('ready_at'),
    expiresAt: millis('expires_at'),
  },
  (t) => [
    uniqueIndex('wallet_exports_one_building')
      .on(t.accountId)
      .where(sql`status = 'building'`),
    index('wallet_exports_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
