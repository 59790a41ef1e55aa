import { and, eq, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { ownerActive } from '../db/visibility';
import type { HostAssertionRow } from '../db/rows';
import { hostAssertions as h } from '../db/schema';

/** One imported badge ("host assertion") with what its detail page shows. */
export type HostRow = Pick<
  HostAssertionRow,
  | 'id'
  | 'accountId'
  | 'externalId'
  | 'sourceUrl'
  | 'assertionJson'
  | 'badgeJson'
  | 'imageKey'
  | 'name'
  | 'description'
  | 'issuerName'
  | 'issuerUrl'
  | 'recipientEmail'
  | 'issuedOn'
  | 'expiresAt'
  | 'isPublic'
  | 'revokedAt'
  | 'revokedReason'
  | 'verifyStatus'
  | 'updatedAt'
  | 'format'
  | 'verifiedAt'
  | 'endorsementsJson'
  | 'issuerClaimed'
>;

const COLUMNS = {
  id: h.id,
  accountId: h.accountId,
  externalId: h.externalId,
  sourceUrl: h.sourceUrl,
  assertionJson: h.assertionJson,
  badgeJson: h.badgeJson,
  imageKey: h.imageKey,
  name: h.name,
  description: h.description,
  issuerName: h.issuerName,
  issuerUrl: h.issuerUrl,
  recipientEmail: h.recipientEmail,
  issuedOn: h.issuedOn,
  expiresAt: h.expiresAt,
  isPublic: h.isPublic,
  revokedAt: h.revokedAt,
  revokedReason: h.revokedReason,
  verifyStatus: h.verifyStatus,
  updatedAt: h.updatedAt,
  format: h.format,
  verifiedAt: h.verifiedAt,
  endorsementsJson: h.endorsementsJson,
  issuerClaimed: h.issuerClaimed,
};

/** Imported badges: reads, publishing and deletion, each limited to the owner in its SQL (AZ-05). */
export function hostRepo(d1: D1Database) {
  return {
    async owned(id: string, accountId: string): Promise<HostRow | null> {
      const rows = await db(d1)
        .select(COLUMNS)
        .from(h)
        .where(and(eq(h.id, id), eq(h.accountId, accountId)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Anyone's imported badge, with whether its owner's account is active (db/visibility.ts). */
    async byId(id: string): Promise<(HostRow & { ownerActive: boolean }) | null> {
      const rows = await db(d1)
        .select({ ...COLUMNS, ownerActive: sql.raw(ownerActive('host_assertions')).mapWith(Boolean) })
        .from(h)
        .where(eq(h.id, id))
        .limit(1);
      return rows[0] ?? null;
    },
    async setPublic(id: string, accountId: string, isPublic: boolean, now: number) {
      const r = await d1
        .prepare(
          'UPDATE host_assertions SET is_public = ?, updated_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL RETURNING 1',
        )
        .bind(isPublic ? 1 : 0, now, id, accountId)
        .all();
      return r.results.length;
    },
    /** The owner's row with the credential as it was received (its download); null when not theirs. */
    async ownedCredential(id: string, accountId: string) {
      const rows = await db(d1)
        .select({ ...COLUMNS, rawCredential: h.rawCredential })
        .from(h)
        .where(and(eq(h.id, id), eq(h.accountId, accountId)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The stored image of the owner's row: null when the row is not theirs, a null key when it has none. */
    async ownedImage(id: string, accountId: string) {
      const row = await d1
        .prepare('SELECT image_key FROM host_assertions WHERE id = ? AND account_id = ?')
        .bind(id, accountId)
        .first<{ image_key: string | null }>();
      return row ? { imageKey: row.image_key } : null;
    },
    /** Deletes the owner's row, as a statement for the batch that also queues its image's removal. */
    remove: (id: string, accountId: string) =>
      d1.prepare('DELETE FROM host_assertions WHERE id = ? AND account_id = ? RETURNING id').bind(id, accountId),
  };
}
