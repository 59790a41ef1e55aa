import { checkLogin } from '../accounts/login';
import type { SessionUser } from '../context';
import { AppError } from '../errors';

/**
 * Re-authentication for changes that matter (SES-05: adding or deleting an address, changing the
 * password, merging, deleting the account): the current password, checked exactly as a login is,
 * so wrong guesses here count towards the same lockout. Wrong: E400105 with the attempts left.
 */
export async function confirmPassword(env: Env, user: SessionUser, password: string): Promise<void> {
  const email = user.loginEmail ?? user.primaryEmail;
  if (!email) throw new AppError('E400105', { count: 0 });
  try {
    const account = await checkLogin(env, email, password);
    // The address may since belong to someone else: the password must be this account's.
    if (account.id !== user.accountId) throw new AppError('E400105', { count: 0 });
  } catch (err) {
    if (err instanceof AppError && err.code === 'E401102') throw new AppError('E400105', err.params);
    throw err;
  }
}
