import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { createdAt, millis, publicId } from './columns';
import { issuers } from './issuing';
import { acadDocs, assertions } from './wallet';

/**
 * Issuing Open Badges 3.0 (issue 21, migration 0011): an Ed25519 key per issuer (private part
 * sealed like issuer_keys), BitstringStatusList lists and the status entry of each award, and the
 * signed credential of each award, kept once made.
 */
export const issuerEd25519Keys = sqliteTable(
  'issuer_ed25519_keys',
  {
    id: publicId(),
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    publicKeyMultibase: text('public_key_multibase').notNull(),
    privateKeyEnc: text('private_key_enc').notNull(),
    createdAt: createdAt(),
    revokedAt: millis('revoked_at'),
  },
  (t) => [
    uniqueIndex('issuer_ed25519_keys_live_uq')
      .on(t.issuerId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

export const ob3StatusLists = sqliteTable(
  'ob3_status_lists',
  {
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    listNo: integer('list_no').notNull(),
    size: integer('size').notNull().default(131072),
    allocated: integer('allocated').notNull().default(0),
    revision: integer('revision').notNull().default(0),
    signedJson: text('signed_json'),
    signedRevision: integer('signed_revision'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.listNo] })],
);

export const ob3StatusEntries = sqliteTable(
  'ob3_status_entries',
  {
    assertionId: text('assertion_id')
      .primaryKey()
      .references(() => assertions.id, { onDelete: 'cascade' }),
    issuerId: text('issuer_id').notNull(),
    listNo: integer('list_no').notNull(),
    statusIndex: integer('status_index').notNull(),
  },
  (t) => [uniqueIndex('ob3_status_entries_slot_uq').on(t.issuerId, t.listNo, t.statusIndex)],
);

export const ob3Credentials = sqliteTable('ob3_credentials', {
  assertionId: text('assertion_id')
    .primaryKey()
    .references(() => assertions.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  credentialJson: text('credential_json').notNull(),
  createdAt: createdAt(),
});

/** Issue 38: a document's CLR status slot, in its issuer's OB 3.0 lists (migration 0021). */
export const clrStatusEntries = sqliteTable(
  'clr_status_entries',
  {
    docId: text('doc_id')
      .primaryKey()
      .references(() => acadDocs.id, { onDelete: 'cascade' }),
    issuerId: text('issuer_id').notNull(),
    listNo: integer('list_no').notNull(),
    statusIndex: integer('status_index').notNull(),
  },
  (t) => [uniqueIndex('clr_status_entries_slot_uq').on(t.issuerId, t.listNo, t.statusIndex)],
);

/** Issue 38: a document's signed ClrCredential, made on first use and kept (migration 0021). */
export const clrCredentials = sqliteTable('clr_credentials', {
  docId: text('doc_id')
    .primaryKey()
    .references(() => acadDocs.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  credentialJson: text('credential_json').notNull(),
  createdAt: createdAt(),
});
