import { passwordRepo } from '../accounts/password-repo';
import { newPasswordProblems, passwordStatements } from '../accounts/password-set';
import type { SessionUser } from '../context';
import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { USER_TYPE_PORTAL } from '../auth/user-types';
import { confirmPassword } from './reauth';

/**
 * Password change (spec §4, §5): the current password, then a new one under the policy and not one
 * of the last four; in one batch the new hash and history entry, every other session ended and any
 * outstanding reset link retired, so whoever else held the account is out.
 */
export async function changePassword(
  env: Env,
  user: SessionUser,
  sessionTokenHash: string,
  input: { current_password: string; password: string; confirm_password: string },
) {
  // Portal users' passwords are the portal's (issue 20 item 3): nothing to change here.
  if (user.userType === USER_TYPE_PORTAL) throw new AppError('E403120');
  await confirmPassword(env, user, input.current_password);
  const fields = await newPasswordProblems(
    env.DB,
    user.accountId,
    input.password,
    user.primaryEmail,
    input.confirm_password,
  );
  if (fields.length) throw new AppError('E400100', {}, fields);
  const now = Date.now();
  const passwords = passwordRepo(env.DB);
  await runBatch(env.DB, [
    ...(await passwordStatements(env, user.accountId, input.password, now)),
    passwords.endSessions(user.accountId, sessionTokenHash),
    passwords.retireResetLinks(user.accountId, now),
  ]);
}
