import { runBatch, type BatchItem } from '../db/batch';
import { AppError } from '../errors';
import { emailLinkRepo } from './email-link-repo';
import { emailsRepo } from './emails-repo';

/**
 * The one write that verifies an added address, whether by its code or by its link: verified,
 * anyone else's pending claim removed (ACC-01), badges and certificates already issued to it
 * attached, and its other links spent; `first` (the link's use) leads when given, and the
 * verification is conditioned on it. Two accounts verifying the same address at once: the unique
 * index lets one win; the other gets E409108 (ACC-02). Answers the batch's results (the
 * verification's at index `first ? 1 : 0`).
 */
export async function verificationBatch(
  env: Env,
  accountId: string,
  normalized: string,
  now: number,
  first?: { statement: BatchItem; cond: { sql: string; params: unknown[] } },
): Promise<D1Result[]> {
  const repo = emailsRepo(env.DB);
  try {
    return await runBatch(env.DB, [
      ...(first ? [first.statement] : []),
      repo.markVerified(accountId, normalized, now, first?.cond),
      repo.purgeOthersPending(accountId, normalized),
      repo.attachBadges(accountId, normalized, now),
      repo.attachAcadDocs(accountId, normalized, now),
      emailLinkRepo(env.DB).spendOthers(accountId, normalized, now),
    ]);
  } catch (err) {
    if (/UNIQUE/i.test(String(err))) throw new AppError('E409108');
    throw err;
  }
}
