import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The discoverable badge classes (public holders, not deleted), one row each, kept by triggers
 * (migration 0004). Narrow on purpose: the 1–2 character LIKE fallback scans name and skills here,
 * and `rid` is the rowid of the trigram FTS5 table `badge_search_fts` (name, description, skills).
 */
export const badgeSearch = sqliteTable(
  'badge_search',
  {
    rid: integer('rid').primaryKey(),
    badgeClassId: text('badge_class_id').notNull().unique(),
    issuerId: text('issuer_id').notNull(),
    name: text('name').notNull(),
    /** The class's skill names, space-separated. */
    skills: text('skills').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('badge_search_issuer_created_idx').on(t.issuerId, t.createdAt),
    index('badge_search_name_idx').on(t.name),
  ],
);

/** Active issuers, one row each; `rid` is the rowid of `issuer_search_fts` (name, description). */
export const issuerSearch = sqliteTable(
  'issuer_search',
  {
    rid: integer('rid').primaryKey(),
    issuerId: text('issuer_id').notNull().unique(),
    name: text('name').notNull(),
  },
  (t) => [index('issuer_search_name_idx').on(t.name)],
);
