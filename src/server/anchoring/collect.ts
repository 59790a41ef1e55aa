import { runBatch } from '../db/batch';
import { toHex } from '../blockcerts/bytes';
import { credentialHash } from '../blockcerts/hash';
import { batchRepo } from './batch-repo';
import { badgeCredential } from './badge-credential';
import { subjectRepo } from './subject-repo';

/** Credentials built per D1 round trip; a 10,000-badge night is 200 of them. */
const COLLECT_PAGE = 50;
/** At most this many new credentials per run; the rest wait for the next one. */
const COLLECT_MAX = 20_000;

/**
 * Every Receiving blockchain badge gets its credential and leaf hash, once: a parallel run that
 * builds the same badge's is dropped by the unique index. Answers how many were built here.
 */
export async function collectCredentials(env: Pick<Env, 'DB' | 'PUBLIC_BASE_URL'>, now: number): Promise<number> {
  const repo = batchRepo(env.DB);
  const subjects = subjectRepo(env.DB);
  let built = 0;
  while (built < COLLECT_MAX) {
    const ids = (await repo.badgesWithoutCredential(COLLECT_PAGE)).results;
    if (ids.length === 0) break;
    const rows = [];
    for (const { id } of ids) {
      const s = await subjects.badge(id);
      if (!s) continue;
      const credId = `urn:uuid:${crypto.randomUUID()}`;
      const doc = badgeCredential(env.PUBLIC_BASE_URL, s, credId);
      const leaf = toHex(await credentialHash(doc));
      rows.push(
        repo.insertCredential({ id: credId, kind: 'badge', subjectId: id, json: JSON.stringify(doc), leaf }, now),
      );
    }
    if (rows.length === 0) break;
    await runBatch(env.DB, rows);
    built += rows.length;
    if (ids.length < COLLECT_PAGE) break;
  }
  return built;
}
