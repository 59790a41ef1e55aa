import { tombstoneKey } from '../accounts/registration';
import type { SessionUser } from '../context';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import type { PurgeAccount } from '../outbox/payloads';
import { deletionRepo } from './deletion-repo';
import { confirmPassword } from './reauth';

/** Spec §3 deletion reasons: 1 two accounts, 2 another wallet, 3 by mistake, 4 no longer used, 5 other. */
export const DELETION_REASONS = [1, 2, 3, 4, 5] as const;

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
