import type {
  accountEmails,
  accounts,
  assertions,
  badgeClasses,
  hostAssertions,
  issuers,
  notifications,
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
