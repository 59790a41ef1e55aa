import type { AssertionRow, HostAssertionRow } from './rows';

/*
 * Who may see a credential. What the public may see (spec §3) is written once for each kind of credential: as a SQL condition
 * for the queries that list, count or draw public things, and, for the badges whose public pages
 * read the row first, as a function of that row. tests/integration/visibility.test.ts holds each
 * pair to the same answer on every mix of the columns they read.
 *
 * Every rule ends with the owner's account: a closed account's things leave every public surface
 * at once, even before the deletion's own updates reach them (issue 36).
 */

/** The owner of the row aliased `t` is an active account. */
export const ownerActive = (t: string) =>
  `EXISTS (SELECT 1 FROM accounts o WHERE o.id = ${t}.account_id AND o.status = 'active')`;

/** An awarded badge is public while received, published, not revoked and deleted by neither side. */
export const publicBadgeWhere = (a: string) =>
  `${a}.accept_status = 2 AND ${a}.is_public = 1 AND ${a}.revoked_at IS NULL
   AND ${a}.deleted_by_owner_at IS NULL AND ${a}.deleted_by_issuer_at IS NULL AND ${ownerActive(a)}`;

export type BadgeVisibility = Pick<
  AssertionRow,
  'acceptStatus' | 'isPublic' | 'revokedAt' | 'deletedByOwnerAt' | 'deletedByIssuerAt'
> & { ownerActive: boolean };

export const isPublicBadge = (b: BadgeVisibility): boolean =>
  b.acceptStatus === 2 && b.isPublic && !b.revokedAt && !b.deletedByOwnerAt && !b.deletedByIssuerAt && b.ownerActive;

/** An imported badge is public while published and not revoked (a removed one is gone). */
export const publicHostWhere = (h: string) => `${h}.is_public = 1 AND ${h}.revoked_at IS NULL AND ${ownerActive(h)}`;

export type HostVisibility = Pick<HostAssertionRow, 'isPublic' | 'revokedAt'> & { ownerActive: boolean };

export const isPublicHost = (h: HostVisibility): boolean => h.isPublic && !h.revokedAt && h.ownerActive;

/** A certificate is public while published, not revoked and not deleted. */
export const publicCertificateWhere = (d: string) =>
  `${d}.is_public = 1 AND ${d}.deleted_at IS NULL AND ${d}.revoked_at IS NULL AND ${ownerActive(d)}`;

/**
 * A held learner record (issue 38) is public while published, not revoked and still verifying at
 * its last weekly check; a removed one is gone.
 */
export const publicHeldRecordWhere = (h: string) =>
  `${h}.is_public = 1 AND ${h}.revoked_at IS NULL AND ${h}.verify_status = 'valid' AND ${ownerActive(h)}`;

/**
 * A badge its owner can receive now (the claimable rows of spec §4): not received, not hidden, not
 * revoked and deleted by neither side. Also what the public sees of a badge not yet received.
 */
export const claimableWhere = (a: string) =>
  `${a}.accept_status = 0 AND ${a}.is_hidden = 0 AND ${a}.revoked_at IS NULL
   AND ${a}.deleted_by_owner_at IS NULL AND ${a}.deleted_by_issuer_at IS NULL`;

export type ClaimFacts = Pick<
  AssertionRow,
  'acceptStatus' | 'isHidden' | 'revokedAt' | 'deletedByOwnerAt' | 'deletedByIssuerAt'
>;

export const isClaimable = (b: ClaimFacts): boolean =>
  b.acceptStatus === 0 && !b.isHidden && !b.revokedAt && !b.deletedByOwnerAt && !b.deletedByIssuerAt;
