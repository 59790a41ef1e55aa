import { describe, expect, it } from 'vitest';
import {
  claimableWhere,
  isClaimable,
  isPublicBadge,
  isPublicHost,
  publicBadgeWhere,
  publicHostWhere,
} from '../../src/server/db/visibility';
import { walletBadgeRepo } from '../../src/server/wallet/badge-repo';
import { hostRepo } from '../../src/server/wallet/host-repo';
import { createAccount, unique } from './helpers';
import { awardTo, env, newBadgeClass, newIssuer } from './issuing-helpers';

/*
 * Issue 36: each visibility rule is written once as SQL and once as a function of a row
 * (src/server/db/visibility.ts). Here both answer for every mix of the columns they read, on rows
 * in the real database: a clause that drifts from its function fails on the mix where they part.
 */

/** Every combination of `n` yes/no values. */
const mixes = (n: number) =>
  Array.from({ length: 2 ** n }, (_, i) => Array.from({ length: n }, (_, b) => (i >> b) & 1));

async function owners() {
  const active = await createAccount();
  const closed = await createAccount({ status: 'deleted' });
  return [active.id, closed.id];
}

describe('visibility: each rule as SQL and as a function agree on every row', () => {
  it('awarded badges: public (received, published, not revoked, not deleted, owner active) and claimable', async () => {
    const { apiKey } = await newIssuer();
    const cls = await newBadgeClass(apiKey);
    const [model] = (await awardTo(apiKey, cls, [`${unique('vis')}@example.test`])).ids;
    const ids: string[] = [];
    const now = Date.now();
    const copies = [];
    for (const owner of await owners())
      for (const accept of [0, 1, 2])
        for (const [pub, hidden, revoked, byOwner, byIssuer] of mixes(5)) {
          const id = unique('vis').replace(/-/g, '').slice(0, 32);
          ids.push(id);
          copies.push(
            env.DB.prepare(
              `INSERT INTO assertions SELECT ?1, badge_class_id, issuer_id, recipient_email, recipient_email_normalized,
                 recipient_salt, recipient_hash, ?2, ?3, ?4, ?5, verification_type, is_blockchain, narrative,
                 evidence_json, issued_on, expires_at, ?6, NULL, ?7, ?8, reissued_from, ?9, created_at, updated_at
               FROM assertions WHERE id = ?10`,
            ).bind(
              id,
              owner,
              accept,
              pub,
              hidden,
              revoked ? now : null,
              byOwner ? now : null,
              byIssuer ? now : null,
              accept ? now : null,
              model,
            ),
          );
        }
    for (let i = 0; i < copies.length; i += 50) await env.DB.batch(copies.slice(i, i + 50));

    const inSql = async (where: string) => {
      const r = await env.DB.prepare(
        `SELECT a.id FROM assertions a WHERE a.id IN (SELECT value FROM json_each(?)) AND ${where}`,
      )
        .bind(JSON.stringify(ids))
        .all<{ id: string }>();
      return new Set(r.results.map((x) => x.id));
    };
    const publicSql = await inSql(publicBadgeWhere('a'));
    const claimableSql = await inSql(claimableWhere('a'));
    const repo = walletBadgeRepo(env.DB);
    for (const id of ids) {
      const row = await repo.byId(id);
      if (!row) throw new Error(`${id} was not read back`);
      expect([id, isPublicBadge(row)]).toEqual([id, publicSql.has(id)]);
      expect([id, isClaimable(row)]).toEqual([id, claimableSql.has(id)]);
    }
    // Neither rule is empty or everything. Public: received, published, nothing else set, an
    // active owner, hidden or not (2 of 192). Claimable: not received, not hidden, nothing else set,
    // published or not, either owner (4).
    expect([ids.length, publicSql.size, claimableSql.size]).toEqual([192, 2, 4]);
  });

  it('imported badges: public while published, not revoked and its owner active', async () => {
    const ids: string[] = [];
    const now = Date.now();
    const rows = [];
    for (const owner of await owners())
      for (const [pub, revoked] of mixes(2)) {
        const id = unique('vish');
        ids.push(id);
        rows.push(
          env.DB.prepare(
            `INSERT INTO host_assertions (id, account_id, external_id, source_url, assertion_json, badge_json, issuer_json,
               name, description, issuer_name, issuer_url, recipient_email, issued_on, is_public, revoked_at, verified_at, created_at, updated_at)
             VALUES (?1, ?2, ?1, ?1, '{}', '{}', '{}', 'Imported', '', 'Other', 'https://other.example', 'me@example.test', ?3, ?4, ?5, ?3, ?3, ?3)`,
          ).bind(id, owner, now, pub, revoked ? now : null),
        );
      }
    await env.DB.batch(rows);
    const r = await env.DB.prepare(
      `SELECT h.id FROM host_assertions h WHERE h.id IN (SELECT value FROM json_each(?)) AND ${publicHostWhere('h')}`,
    )
      .bind(JSON.stringify(ids))
      .all<{ id: string }>();
    const inSql = new Set(r.results.map((x) => x.id));
    for (const id of ids) {
      const row = await hostRepo(env.DB).byId(id);
      if (!row) throw new Error(`${id} was not read back`);
      expect([id, isPublicHost(row)]).toEqual([id, inSql.has(id)]);
    }
    expect(inSql.size).toBe(1);
  });
});
