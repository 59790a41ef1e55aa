/** One imported badge ("host assertion") with what its detail page shows. */
export interface HostRow {
  id: string;
  account_id: string;
  external_id: string;
  source_url: string | null;
  assertion_json: string;
  badge_json: string;
  image_key: string | null;
  name: string;
  description: string;
  issuer_name: string;
  issuer_url: string | null;
  recipient_email: string;
  issued_on: number;
  expires_at: number | null;
  is_public: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  verify_status: 'valid' | 'invalid' | 'unverifiable';
  updated_at: number;
}

const SELECT = `SELECT id, account_id, external_id, source_url, assertion_json, badge_json, image_key, name, description,
  issuer_name, issuer_url, recipient_email, issued_on, expires_at, is_public, revoked_at, revoked_reason, verify_status,
  updated_at FROM host_assertions`;

/** Imported badges: reads, publishing and deletion, each limited to the owner in its SQL (AZ-05). */
export function hostRepo(d1: D1Database) {
  return {
    owned: (id: string, accountId: string) =>
      d1.prepare(`${SELECT} WHERE id = ? AND account_id = ?`).bind(id, accountId).first<HostRow>(),
    byId: (id: string) => d1.prepare(`${SELECT} WHERE id = ?`).bind(id).first<HostRow>(),
    async setPublic(id: string, accountId: string, isPublic: boolean, now: number) {
      const r = await d1
        .prepare(
          'UPDATE host_assertions SET is_public = ?, updated_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL RETURNING 1',
        )
        .bind(isPublic ? 1 : 0, now, id, accountId)
        .all();
      return r.results.length;
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
