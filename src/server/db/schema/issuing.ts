import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, millis, publicId, updatedAt } from './columns';

/** Organisations that award badges through the issuer API (design card, decision 8). */
export const issuers = sqliteTable(
  'issuers',
  {
    id: publicId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    email: text('email').notNull(),
    imageKey: text('image_key'),
    description: text('description'),
    isCertified: flag('is_certified'),
    serviceCountry: integer('service_country').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: millis('deleted_at'),
  },
  (t) => [index('issuers_name_idx').on(t.name)],
);

/** Issuer API keys; only a hash is stored, the key itself is shown once. */
export const issuerApiKeys = sqliteTable(
  'issuer_api_keys',
  {
    id: publicId(),
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    revokedAt: millis('revoked_at'),
  },
  (t) => [index('issuer_api_keys_issuer_idx').on(t.issuerId)],
);

/** One RSA key pair per issuer for signed badges; the private key is encrypted at rest. */
export const issuerKeys = sqliteTable(
  'issuer_keys',
  {
    id: publicId(),
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    publicKeyPem: text('public_key_pem').notNull(),
    privateKeyEnc: text('private_key_enc').notNull(),
    createdAt: createdAt(),
    revokedAt: millis('revoked_at'),
  },
  (t) => [index('issuer_keys_issuer_idx').on(t.issuerId)],
);

/** Badge classes (OB 2.0 BadgeClass). Default issuer-page sort is -CREATED_DATE (spec §9). */
export const badgeClasses = sqliteTable(
  'badge_classes',
  {
    id: publicId(),
    issuerId: text('issuer_id')
      .notNull()
      .references(() => issuers.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageKey: text('image_key'),
    imageType: text('image_type', { enum: ['png', 'svg'] }),
    criteriaUrl: text('criteria_url'),
    criteriaNarrative: text('criteria_narrative'),
    alignmentsJson: text('alignments_json'),
    /** Days from issue to expiry applied to new awards; null means the badges do not expire. */
    expiryDays: integer('expiry_days'),
    /**
     * Holders of this badge (received, not deleted): kept exact by triggers on assertions
     * (migration 0002), so a badge page reads one number instead of counting its holders.
     */
    recipientsCount: integer('recipients_count').notNull().default(0),
    /**
     * Holders showing this badge publicly (received, public, not hidden, revoked or deleted), kept by
     * triggers (migration 0004). A class is discoverable in search while this is above 0.
     */
    publicCount: integer('public_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: millis('deleted_at'),
  },
  (t) => [
    index('badge_classes_issuer_created_idx').on(t.issuerId, t.createdAt),
    index('badge_classes_name_idx').on(t.name),
  ],
);

/** Skills (tags) in whatever language the issuer wrote them. */
export const tags = sqliteTable(
  'tags',
  {
    id: publicId(),
    name: text('name').notNull(),
    nameNormalized: text('name_normalized').notNull(),
    /** Discoverable badge classes carrying this skill, kept by triggers (migration 0005). */
    publicBadgeCount: integer('public_badge_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_uq').on(t.nameNormalized)],
);

export const badgeClassTags = sqliteTable(
  'badge_class_tags',
  {
    badgeClassId: text('badge_class_id')
      .notNull()
      .references(() => badgeClasses.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.badgeClassId, t.tagId] }), index('badge_class_tags_tag_idx').on(t.tagId)],
);
