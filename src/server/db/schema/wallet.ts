import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from './accounts';
import { createdAt, flag, millis, publicId, updatedAt } from './columns';
import { badgeClasses, issuers } from './issuing';

/** Receive status of spec §3: 0 unaccepted (claimable), 1 receiving, 2 accepted. */
export const ACCEPT_STATUS = { unaccepted: 0, receiving: 1, accepted: 2 } as const;

/**
 * Assertions issued by this platform. account_id is set once the recipient address matches a
 * verified address of an account; the list indexes follow the sorts and filters of spec §3 and §9.
 */
export const assertions = sqliteTable(
  'assertions',
  {
    id: publicId(),
    badgeClassId: text('badge_class_id')
      .notNull()
      .references(() => badgeClasses.id),
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id),
    recipientEmail: text('recipient_email').notNull(),
    recipientEmailNormalized: text('recipient_email_normalized').notNull(),
    recipientSalt: text('recipient_salt').notNull(),
    recipientHash: text('recipient_hash').notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    acceptStatus: integer('accept_status').notNull().default(0),
    isPublic: flag('is_public'),
    isHidden: flag('is_hidden'),
    verificationType: text('verification_type', { enum: ['hosted', 'signed'] })
      .notNull()
      .default('hosted'),
    isBlockchain: flag('is_blockchain'),
    narrative: text('narrative'),
    evidenceJson: text('evidence_json'),
    issuedOn: millis('issued_on').notNull(),
    expiresAt: millis('expires_at'),
    revokedAt: millis('revoked_at'),
    revokedReason: text('revoked_reason'),
    deletedByOwnerAt: millis('deleted_by_owner_at'),
    deletedByIssuerAt: millis('deleted_by_issuer_at'),
    reissuedFrom: text('reissued_from'),
    acceptedAt: millis('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assertions_account_status_issued_idx').on(t.accountId, t.acceptStatus, t.issuedOn),
    index('assertions_account_public_issued_idx').on(t.accountId, t.isPublic, t.issuedOn),
    index('assertions_recipient_idx').on(t.recipientEmailNormalized),
    index('assertions_badge_public_idx').on(t.badgeClassId, t.isPublic),
    // Covers the "recipients" count of a badge page, so it is counted from the index alone.
    index('assertions_class_recipients_idx').on(
      t.badgeClassId,
      t.acceptStatus,
      t.deletedByOwnerAt,
      t.deletedByIssuerAt,
    ),
    index('assertions_issuer_idx').on(t.issuerId, t.createdAt),
  ],
);

/** The standards an imported badge can come in (issue 21). */
export const HOST_FORMATS = ['ob2', 'blockcerts', 'ob3'] as const;
export type HostFormat = (typeof HOST_FORMATS)[number];

/** Badges imported from other providers ("host assertions"), re-verified periodically. */
export const hostAssertions = sqliteTable(
  'host_assertions',
  {
    id: publicId(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    sourceUrl: text('source_url'),
    assertionJson: text('assertion_json').notNull(),
    badgeJson: text('badge_json').notNull(),
    issuerJson: text('issuer_json').notNull(),
    imageKey: text('image_key'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerUrl: text('issuer_url'),
    recipientEmail: text('recipient_email').notNull(),
    issuedOn: millis('issued_on').notNull(),
    expiresAt: millis('expires_at'),
    isPublic: flag('is_public'),
    revokedAt: millis('revoked_at'),
    revokedReason: text('revoked_reason'),
    verifyStatus: text('verify_status', { enum: ['valid', 'invalid', 'unverifiable'] })
      .notNull()
      .default('valid'),
    verifiedAt: millis('verified_at').notNull(),
    /** The standard it came in (issue 21); migration 0010 told Blockcerts rows apart. */
    format: text('format', { enum: HOST_FORMATS }).notNull().default('ob2'),
    /** The credential as received (JSON text or compact VC-JWT); null for OB 2.0 rows imported before 0010. */
    rawCredential: text('raw_credential'),
    /** Each endorsement's verification (issue 21, migration 0016): JSON [{id, name, state}], or null. */
    endorsementsJson: text('endorsements_json'),
    /** The issuer's name is the credential's own claim, not proven (issue 33, migration 0020, W003). */
    issuerClaimed: flag('issuer_claimed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('host_assertions_account_external_uq').on(t.accountId, t.externalId),
    index('host_assertions_account_issued_idx').on(t.accountId, t.issuedOn),
    index('host_assertions_verified_idx').on(t.verifiedAt),
  ],
);

/** The kinds of academic document (issue 18): what a template lays out and a document carries. */
export const ACAD_DOC_KINDS = ['completion', 'diploma', 'transcript'] as const;
export type AcadDocKind = (typeof ACAD_DOC_KINDS)[number];

/**
 * A certificate template of one issuer: the layout, images and fields a document of that kind
 * prints, and the languages it is written in (headings per language). Templates are never deleted
 * while documents use them, only retired (deleted_at), so a document can always be printed again.
 */
export const certTemplates = sqliteTable(
  'cert_templates',
  {
    id: publicId(),
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: ACAD_DOC_KINDS }).notNull(),
    layout: text('layout', { enum: ['classic', 'modern'] }).notNull(),
    /** JSON array of the UI languages the template has headings for; the first is the default. */
    languagesJson: text('languages_json').notNull(),
    /** JSON object: language -> the heading printed at the top ("Diploma", "学位記"). */
    headingsJson: text('headings_json').notNull(),
    /** JSON array of the fields printed, from TEMPLATE_FIELDS (issuing/templates.ts). */
    fieldsJson: text('fields_json').notNull(),
    signerName: text('signer_name'),
    signerTitle: text('signer_title'),
    logoKey: text('logo_key'),
    signatureKey: text('signature_key'),
    sealKey: text('seal_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: millis('deleted_at'),
  },
  (t) => [index('cert_templates_issuer_idx').on(t.issuerId, t.createdAt)],
);

/** Academic documents (certificates: diplomas, transcripts). Default list sort: issuer_name. */
export const acadDocs = sqliteTable(
  'acad_docs',
  {
    id: publicId(),
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id),
    recipientEmail: text('recipient_email').notNull(),
    recipientEmailNormalized: text('recipient_email_normalized').notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The recipient's name as the issuer wrote it. */
    name: text('name').notNull(),
    title: text('title').notNull(),
    issuerName: text('issuer_name').notNull(),
    detailsJson: text('details_json').notNull(),
    isBlockchain: flag('is_blockchain'),
    issuedOn: millis('issued_on').notNull(),
    revokedAt: millis('revoked_at'),
    deletedAt: millis('deleted_at'),
    createdAt: createdAt(),
    templateId: text('template_id').references(() => certTemplates.id),
    kind: text('kind', { enum: ACAD_DOC_KINDS }).notNull().default('completion'),
    /** The document's language (one of its template's), which its PDF is printed in. */
    language: text('language').notNull().default('en'),
    /** Transcript rows, JSON [{course, credits, grade, term}]; null for other kinds. */
    rowsJson: text('rows_json'),
    /** The OB 2.0 identity of the assertion behind the document (salted SHA-256, like badges). */
    recipientSalt: text('recipient_salt').notNull().default(''),
    recipientHash: text('recipient_hash').notNull().default(''),
    revokedReason: text('revoked_reason'),
    reissuedFrom: text('reissued_from'),
    isPublic: flag('is_public'),
    /** pending until the background job has stored the PDF in R2 (pdf_key), failed if it could not. */
    pdfState: text('pdf_state', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    pdfKey: text('pdf_key'),
    updatedAt: millis('updated_at').notNull().default(0),
  },
  (t) => [
    index('acad_docs_account_issuer_idx').on(t.accountId, t.issuerName),
    index('acad_docs_recipient_idx').on(t.recipientEmailNormalized),
    index('acad_docs_issuer_idx').on(t.issuerId, t.createdAt),
  ],
);

/** Notifications (spec §3): 1 badge awarded, 2 process completed; ids grow so last_id works. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    messageKey: text('message_key').notNull(),
    messageParams: text('message_params').notNull().default('{}'),
    url: text('url').notNull(),
    isRead: flag('is_read'),
    deleted: flag('deleted'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_account_list_idx').on(t.accountId, t.deleted, t.type, t.id),
    index('notifications_unread_idx')
      .on(t.accountId)
      .where(sql`is_read = 0 AND deleted = 0`),
  ],
);

/**
 * Issue 38, item 2: a CLR 2.0 learner record held from elsewhere (migration 0022), shown in the
 * certificates tab as a transcript. Kept as given and as read, with the verification it passed.
 */
export const heldClrs = sqliteTable(
  'held_clrs',
  {
    id: publicId(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    sourceUrl: text('source_url'),
    raw: text('raw').notNull(),
    credentialJson: text('credential_json').notNull(),
    title: text('title').notNull(),
    issuerName: text('issuer_name').notNull(),
    issuedOn: millis('issued_on').notNull(),
    reportJson: text('report_json').notNull(),
    expiresAt: millis('expires_at'),
    /** Its last check: 'invalid' once a weekly re-check found it no longer verifies (revoked, altered, ...). */
    verifyStatus: text('verify_status', { enum: ['valid', 'invalid'] })
      .notNull()
      .default('valid'),
    verifiedAt: millis('verified_at').notNull(),
    revokedAt: millis('revoked_at'),
    revokedReason: text('revoked_reason'),
    isPublic: flag('is_public'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('held_clrs_account_external_uq').on(t.accountId, t.externalId),
    index('held_clrs_verified_idx').on(t.verifiedAt),
  ],
);
