import { accountRepo } from './account-repo';

/*
 * What the routers and other domains read of an account. Routers do not reach account-repo
 * themselves (the layering rules of .dependency-cruiser.mjs), so these are thin on purpose.
 */

/** The signed-in account's profile and its addresses, for the user-info call; null if it is gone. */
export async function accountInfo(d1: D1Database, accountId: string) {
  const repo = accountRepo(d1);
  const [profile, emails] = await Promise.all([repo.profile(accountId), repo.emails(accountId)]);
  return profile ? { profile, emails } : null;
}

/** An account as the public may see it: null unless it exists and is active (merged and deleted ones are gone). */
export async function publicAccount(d1: D1Database, accountId: string) {
  const profile = await accountRepo(d1).profile(accountId);
  return profile && profile.status === 'active' ? profile : null;
}

/** Records agreement to the terms version in force. */
export async function agreeToTerms(d1: D1Database, accountId: string, version: string, now: number) {
  await accountRepo(d1).agreeToTerms(accountId, version, now);
}
