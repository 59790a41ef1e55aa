import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, millis, publicId } from './columns';

/**
 * Side effects (mail, clean-up, jobs) are outbox rows written in the same D1 batch as the change
 * that causes them; the queue consumer performs them and the cron sweeper re-sends what is stuck.
 * The id doubles as the idempotency key, so a duplicate delivery does the work once.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: publicId(),
    kind: text('kind').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    availableAt: millis('available_at').notNull(),
    doneAt: millis('done_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_status_available_idx').on(t.status, t.availableAt)],
);

/** The development mailbox transport: mail stored here instead of sent, read at /dev/mailbox. */
export const devMailbox = sqliteTable(
  'dev_mailbox',
  {
    id: publicId(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The extra headers as JSON (List-Unsubscribe of info mail), so tests and the page can read them. */
    headers: text('headers').notNull().default('{}'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.toAddress, t.createdAt)],
);

/**
 * Issue 23: the edge cache's generations. A cached public page's key holds the generations of the
 * scopes it shows ('site', 'account:<id>', 'issuer:<id>', 'class:<id>', 'skill:<id>'); triggers
 * (migrations/0019) bump them inside the statement that changes what those pages show.
 */
export const cacheGenerations = sqliteTable('cache_generations', {
  scope: text('scope').primaryKey(),
  generation: integer('generation').notNull().default(1),
});
