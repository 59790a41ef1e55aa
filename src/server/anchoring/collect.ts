import { runBatch } from '../db/batch';
import { buildCredential, type CredentialKind } from '../blockcerts/credential';
import { batchRepo } from './batch-repo';

/** Credentials built per D1 round trip; a 10,000-badge night is 200 of them. */
const COLLECT_PAGE = 50;
/** At most this many new credentials per run; the rest wait for the next one. */
const COLLECT_MAX = 20_000;

/**
 * Every Receiving blockchain badge and every live blockchain academic document gets its
 * credential (blockcerts/credential.ts: the issuer's Blockcerts profile, the badge image or the
 * document's HTML display) and leaf hash, once: a parallel run that builds the same subject's is
 * dropped by the unique index. Answers how many were built here.
 */
export async function collectCredentials(env: Env, now: number): Promise<number> {
  const repo = batchRepo(env.DB);
  const pending = {
    badge: (n: number) => repo.badgesWithoutCredential(n),
    acad_doc: (n: number) => repo.docsWithoutCredential(n),
  } satisfies Record<CredentialKind, unknown>;
  let built = 0;
  for (const kind of ['badge', 'acad_doc'] as const) {
    while (built < COLLECT_MAX) {
      const ids = (await pending[kind](COLLECT_PAGE)).results;
      if (ids.length === 0) break;
      const rows = [];
      for (const { id } of ids) {
        const c = await buildCredential(env, kind, id);
        if (!c) continue;
        rows.push(repo.insertCredential({ id: c.id, kind, subjectId: id, json: c.json, leaf: c.leafHash }, now));
      }
      if (rows.length === 0) break;
      await runBatch(env.DB, rows);
      built += rows.length;
      if (ids.length < COLLECT_PAGE) break;
    }
  }
  return built;
}
