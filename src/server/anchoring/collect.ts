import { runBatch } from '../db/batch';
import { buildCredential } from '../blockcerts/credential';
import { batchRepo } from './batch-repo';

/** Credentials built per D1 round trip; a 10,000-badge night is 200 of them. */
const COLLECT_PAGE = 50;
/** At most this many new credentials per run; the rest wait for the next one. */
const COLLECT_MAX = 20_000;

/**
 * Every Receiving blockchain badge gets its credential and leaf hash, once: a parallel run that
 * builds the same badge's is dropped by the unique index. Answers how many were built here.
 */
export async function collectCredentials(env: Env, now: number): Promise<number> {
  const repo = batchRepo(env.DB);
  let built = 0;
  while (built < COLLECT_MAX) {
    const ids = (await repo.badgesWithoutCredential(COLLECT_PAGE)).results;
    if (ids.length === 0) break;
    const rows = [];
    for (const { id } of ids) {
      // The full credential (issuer's Blockcerts profile, badge image display): blockcerts/credential.ts.
      const c = await buildCredential(env, 'badge', id);
      if (!c) continue;
      rows.push(repo.insertCredential({ id: c.id, kind: 'badge', subjectId: id, json: c.json, leaf: c.leafHash }, now));
    }
    if (rows.length === 0) break;
    await runBatch(env.DB, rows);
    built += rows.length;
    if (ids.length < COLLECT_PAGE) break;
  }
  return built;
}
