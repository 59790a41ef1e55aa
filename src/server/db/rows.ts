import type {
  acadDocs,
  accountEmails,
  accounts,
  assertions,
  badgeClasses,
  badgeSearch,
  certTemplates,
  hostAssertions,
  issuerSearch,
  issuers,
  linkTokens,
  notifications,
  tags,
} from './schema';

/*
 * One row type per table that more than one repo reads, named as the drizzle schema names the
 * columns (camelCase, flags as booleans). Every repo answers these shapes, or a Pick of them, and
 * converts raw SQL rows itself; API answers keep the spec's snake_case names, set by presenters.
 */

/** An issued assertion. */
export type AssertionRow = typeof assertions.$inferSelect;

/** An imported badge ("host assertion"). */
export type HostAssertionRow = typeof hostAssertions.$inferSelect;

/** A wallet account (its profile, settings and password hash). */
export type AccountRow = typeof accounts.$inferSelect;

/** An address of an account, verified or pending. */
export type AccountEmailRow = typeof accountEmails.$inferSelect;

/** A notification of the bell's panel. */
export type NotificationRow = typeof notifications.$inferSelect;

/** An issuer (organisation awarding badges through the issuer API). */
export type IssuerRow = typeof issuers.$inferSelect;

/** A badge class. */
export type BadgeClassRow = typeof badgeClasses.$inferSelect;

/** A skill (tag), in whatever language the issuer wrote it. */
export type TagRow = typeof tags.$inferSelect;

/** An emailed link (password reset, address check, receive), kept as its token's digest. */
export type LinkTokenRow = typeof linkTokens.$inferSelect;

/** A discoverable badge class in the search index (kept by triggers). */
export type BadgeSearchRow = typeof badgeSearch.$inferSelect;

/** An active issuer in the search index (kept by triggers). */
export type IssuerSearchRow = typeof issuerSearch.$inferSelect;

/** An academic document (certificate, diploma, transcript). */
export type AcadDocRow = typeof acadDocs.$inferSelect;

/** A certificate template of an issuer. */
export type CertTemplateRow = typeof certTemplates.$inferSelect;
