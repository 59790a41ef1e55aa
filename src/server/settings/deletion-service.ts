import { tombstoneKey } from '../accounts/registration';
import type { SessionUser } from '../context';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import { deletionRepo } from './deletion-repo';
import { confirmPassword } from './reauth';

/** Spec §3 deletion reasons: 1 two accounts, 2 another wallet, 3 by mistake, 4 no longer used, 5 other. */
export const DELETION_REASONS = [1, 2, 3, 4, 5] as const;

/** The R2 objects of a deleted account, removed by an idempotent outbox job (deleting twice is fine). */
export interface PurgeAccount {
  prefixes: string[];
  keys: string[];
}

/**
 * Deletes the account (spec §1, §4): the password first, then one batch: the account closed (names,
 * password and picture cleared), the reason recorded anonymously, every verified address tombstoned
 * so it cannot register again, badges off every public surface, imports, notifications, sessions,
 * codes and addresses gone, and the R2 clean-up queued in the outbox (ACC-10).
 */
export async function deleteAccount(env: Env, user: SessionUser, reason: number, password: string) {
  await confirmPassword(env, user, password);
  const repo = deletionRepo(env.DB);
  const [objects, emails] = await Promise.all([
    repo.storedObjects(user.accountId),
    repo.verifiedEmails(user.accountId),
  ]);
  const now = Date.now();
  // The profile picture is under the account's avatars/ prefix.
  const purge: PurgeAccount = {
    prefixes: [`avatars/${user.accountId}/`, ...objects.badgeIds.map((id) => `share/${id}/`)],
    keys: objects.imageKeys,
  };
  const results = await commitWithJobs(
    env,
    [
      repo.close(user.accountId, now),
      repo.record(reason, now),
      ...(await Promise.all(emails.map(async (e) => repo.tombstone(await tombstoneKey(e), now)))),
      repo.hideBadges(user.accountId, now),
      ...repo.forget(user.accountId),
    ],
    [{ kind: 'purge_account', payload: purge }],
    now,
  );
  if ((results[0]?.results.length ?? 0) === 0) throw new AppError('E401100');
}

/** The purge job: every listed object and prefix deleted; running it again finds nothing left. */
export async function purgeAccount(env: Env, p: PurgeAccount) {
  for (const prefix of p.prefixes) {
    let cursor: string | undefined;
    do {
      const page = await env.BUCKET.list({ prefix, ...(cursor ? { cursor } : {}) });
      if (page.objects.length) await env.BUCKET.delete(page.objects.map((o) => o.key));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  for (let i = 0; i < p.keys.length; i += 1000) await env.BUCKET.delete(p.keys.slice(i, i + 1000));
}
