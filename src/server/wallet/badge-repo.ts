import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { db } from '../db/client';
import { assertions, badgeClasses, issuers } from '../db/schema';
import { claimableWhere, ownerActive } from '../db/visibility';
import type { AssertionRow } from '../db/rows';
/** One badge of a wallet with everything its detail page shows: the assertion's row and its class and issuer. */
export type BadgeRow = AssertionRow & {
  name: string;
  description: string;
  criteriaUrl: string | null;
  criteriaNarrative: string | null;
  issuerName: string;
  issuerUrl: string;
  issuerCertified: boolean;
  recipients: number;
  /** The class's skills as a JSON array of {id, name} (TagRow's names). */
  tags: string | null;
  /** The class id while its image can be served (it has one, the class is not deleted), else null. */
  classImageId: string | null;
  /** The owner's account is active (one half of db/visibility.ts's rule). */
  ownerActive: boolean;
};

/** The class's skills, read with the badge in the same query. */
const tagsJson = sql<string | null>`(SELECT json_group_array(json_object('id', t.id, 'name', t.name))
  FROM badge_class_tags bt JOIN tags t ON t.id = bt.tag_id WHERE bt.badge_class_id = ${assertions.badgeClassId})`;

/** The class's id when /BadgeClass/{id}/image can draw it: the picture that stays in every state. */
const classImageId = sql<
  string | null
>`CASE WHEN ${badgeClasses.imageKey} IS NOT NULL AND ${badgeClasses.deletedAt} IS NULL THEN ${badgeClasses.id} END`;

/** Reads badges with their class and issuer; `where` picks which. */
async function selectBadges(d1: D1Database, where: SQL | undefined): Promise<BadgeRow[]> {
  return db(d1)
    .select({
      ...getTableColumns(assertions),
      name: badgeClasses.name,
      description: badgeClasses.description,
      criteriaUrl: badgeClasses.criteriaUrl,
      criteriaNarrative: badgeClasses.criteriaNarrative,
      issuerName: issuers.name,
      issuerUrl: issuers.url,
      issuerCertified: issuers.isCertified,
      recipients: badgeClasses.recipientsCount,
      tags: tagsJson,
      classImageId,
      ownerActive: sql.raw(ownerActive('assertions')).mapWith(Boolean),
    })
    .from(assertions)
    .innerJoin(badgeClasses, eq(badgeClasses.id, assertions.badgeClassId))
    .innerJoin(issuers, eq(issuers.id, assertions.issuerId))
    .where(where)
    .limit(1);
}

/** Badges of the wallet: reads and the owner-only state changes (each one conditional UPDATE). */
export function walletBadgeRepo(d1: D1Database) {
  // Rows counted by RETURNING: D1's meta.changes also counts rows written by triggers (the
  // recipients count of migration 0002), so it is not "how many badges moved".
  const run = async (query: string, ...params: unknown[]) =>
    (
      await d1
        .prepare(`${query} RETURNING 1`)
        .bind(...params)
        .all()
    ).results.length;
  return {
    /** A badge of this account (null for anyone else's: AZ-01..05 answer 404, never 403). */
    async owned(id: string, accountId: string): Promise<BadgeRow | null> {
      return (await selectBadges(d1, and(eq(assertions.id, id), eq(assertions.accountId, accountId))))[0] ?? null;
    },
    async byId(id: string): Promise<BadgeRow | null> {
      return (await selectBadges(d1, eq(assertions.id, id)))[0] ?? null;
    },
    /** Receives one claimable badge as a statement, so a caller can batch it with other writes. */
    receiveStatement: (id: string, accountId: string, now: number) =>
      d1
        .prepare(
          `UPDATE assertions SET accept_status = CASE WHEN is_blockchain = 1 THEN 1 ELSE 2 END, accepted_at = ?, updated_at = ?
           WHERE id = ? AND account_id = ? AND ${claimableWhere('assertions')} RETURNING id`,
        )
        .bind(now, now, id, accountId),
    /** Every claimable badge at once, as one statement; its RETURNING rows are the badges moved. */
    receiveAllStatement: (accountId: string, now: number) =>
      d1
        .prepare(
          `UPDATE assertions SET accept_status = CASE WHEN is_blockchain = 1 THEN 1 ELSE 2 END, accepted_at = ?, updated_at = ?
           WHERE account_id = ? AND ${claimableWhere('assertions')} RETURNING 1`,
        )
        .bind(now, now, accountId),
    hide: (id: string, accountId: string, now: number) =>
      run(
        'UPDATE assertions SET is_hidden = 1, updated_at = ? WHERE id = ? AND account_id = ? AND accept_status = 0 AND is_hidden = 0',
        now,
        id,
        accountId,
      ),
    setPublic: (id: string, accountId: string, isPublic: boolean, now: number) =>
      run(
        `UPDATE assertions SET is_public = ?, updated_at = ? WHERE id = ? AND account_id = ? AND accept_status = 2
           AND revoked_at IS NULL AND deleted_by_owner_at IS NULL AND deleted_by_issuer_at IS NULL`,
        isPublic ? 1 : 0,
        now,
        id,
        accountId,
      ),
    remove: (id: string, accountId: string, now: number) =>
      run(
        'UPDATE assertions SET deleted_by_owner_at = ?, is_public = 0, updated_at = ? WHERE id = ? AND account_id = ? AND deleted_by_owner_at IS NULL',
        now,
        now,
        id,
        accountId,
      ),
    /** Receiving (blockchain) badges received before `now` become Accepted. */
    settleStatement: (now: number) =>
      d1
        .prepare(
          'UPDATE assertions SET accept_status = 2, updated_at = ? WHERE accept_status = 1 AND is_blockchain = 0 AND accepted_at <= ? RETURNING 1',
        )
        .bind(now, now),
    claimableCount: async (accountId: string) =>
      (await d1
        .prepare(`SELECT COUNT(*) AS n FROM assertions WHERE account_id = ? AND ${claimableWhere('assertions')}`)
        .bind(accountId)
        .first<number>('n')) ?? 0,
  };
}
