import { publicBadgeWhere, publicHostWhere } from '../db/visibility';
import type { Dependency, OwnerTable } from './targets';

/** A scope's generation: NULL (never bumped) reads as 0. */
const gen = (scope: string) => `COALESCE((SELECT generation FROM cache_generations WHERE scope = ${scope}), 0)`;

// One statement per table name, written out (never built from input): the table names are ours.
const OWNED: Record<OwnerTable, string> = {
  assertions: `SELECT ${gen("'site'")} AS site, ${gen("'account:' || account_id")} AS own FROM assertions WHERE id = ?`,
  host_assertions: `SELECT ${gen("'site'")} AS site, ${gen("'account:' || account_id")} AS own FROM host_assertions WHERE id = ?`,
  acad_docs: `SELECT ${gen("'site'")} AS site, ${gen("'account:' || account_id")} AS own FROM acad_docs WHERE id = ?`,
  held_clrs: `SELECT ${gen("'site'")} AS site, ${gen("'account:' || account_id")} AS own FROM held_clrs WHERE id = ?`,
};
const NAMED = `SELECT ${gen("'site'")} AS site, ${gen('?')} AS own`;

// The earliest future expiry a page may show: of one badge, or of a person's public badges.
const EXPIRY: Record<OwnerTable | 'account', string | null> = {
  assertions: 'SELECT expires_at AS t FROM assertions WHERE id = ?1 AND expires_at > ?2',
  host_assertions: 'SELECT expires_at AS t FROM host_assertions WHERE id = ?1 AND expires_at > ?2',
  acad_docs: null,
  held_clrs: 'SELECT expires_at AS t FROM held_clrs WHERE id = ?1 AND expires_at > ?2',
  account: `SELECT MIN(t) AS t FROM (
      SELECT MIN(a.expires_at) AS t FROM assertions a WHERE a.account_id = ?1 AND ${publicBadgeWhere('a')} AND a.expires_at > ?2
      UNION ALL SELECT MIN(h.expires_at) FROM host_assertions h
        WHERE h.account_id = ?1 AND ${publicHostWhere('h')} AND h.expires_at > ?2)`,
};

/** Reads of the edge cache's generations (the hit path's one D1 query) and of expiry bounds. */
export function edgeCacheRepo(d1: D1Database) {
  return {
    /**
     * The generations a page's key holds, as "site.own"; null when the owned row does not exist
     * (the page is a 404, never stored). One indexed point query.
     */
    async generations(dep: Dependency): Promise<string | null> {
      const stmt = 'owner' in dep ? d1.prepare(OWNED[dep.owner]).bind(dep.id) : d1.prepare(NAMED).bind(dep.scope);
      const row = await stmt.first<{ site: number; own: number }>();
      return row ? `${row.site}.${row.own}` : null;
    },
    /** When the soonest expiry this page shows happens (ms), or null: a stored copy must not outlive it. */
    async nextExpiry(dep: Dependency, now: number): Promise<number | null> {
      const account = 'scope' in dep && dep.scope.startsWith('account:') ? dep.scope.slice('account:'.length) : null;
      const sql = account !== null ? EXPIRY.account : 'owner' in dep ? EXPIRY[dep.owner] : null;
      if (!sql) return null;
      const row = await d1
        .prepare(sql)
        .bind(account ?? ('owner' in dep ? dep.id : ''), now)
        .first<{ t: number | null }>();
      return row?.t ?? null;
    },
  };
}
