import { normalizeEmail } from '../../lib/email';
import { normalizePassword } from '../../lib/password-policy';
import { sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { AppError } from '../errors';
import { USER_TYPE_PORTAL } from '../auth/user-types';
import { accountRepo } from './account-repo';
import { lockoutRepo } from './lockout-repo';
import { burnPasswordCheck, verifyPassword } from './password-hash';

/** The lockout key of an address: the same for a known and an unknown address. */
export const attemptKey = (email: string) => sha256Hex(`login:${normalizeEmail(email)}`);

/**
 * Checks email and password. Known and unknown addresses, and accounts without a password, give the
 * same answers after the same work (one Argon2id check each: AUTH-07). Failures are counted per
 * address with one atomic upsert; at the threshold the address is locked for the configured time,
 * and while locked even a correct password is refused (AUTH-04, AUTH-05).
 */
export async function checkLogin(
  env: Env,
  email: string,
  password: string,
  now = Date.now(),
  /**
   * Whether this account still owes a second step (issue 22): then the failure count is kept, and
   * cleared only when that step succeeds, so a known password cannot reset the count of wrong codes.
   */
  secondStep?: (accountId: string) => Promise<boolean>,
) {
  const { lockoutThreshold, lockoutMinutes } = CONFIG.login;
  const lockMs = lockoutMinutes * 60_000;
  const key = await attemptKey(email);
  const lockout = lockoutRepo(env.DB);
  // Independent reads in parallel: the lock state and the account.
  const [state, account] = await Promise.all([
    lockout.state(key),
    accountRepo(env.DB).byVerifiedEmail(normalizeEmail(email)),
  ]);
  if (state?.lockedUntil && state.lockedUntil > now) {
    await lockout.fail(key, now, lockoutThreshold, lockMs);
    throw new AppError('E423100', { minutes: lockoutMinutes });
  }
  const pw = normalizePassword(password);
  // A portal user (type 1) signs in through the portal: the message points to its button.
  if (account?.userType === USER_TYPE_PORTAL) {
    await burnPasswordCheck(env, pw);
    throw new AppError('E401122');
  }
  let good = false;
  if (account?.passwordHash) good = await verifyPassword(account.passwordHash, pw);
  else await burnPasswordCheck(env, pw);
  if (!good || !account) {
    const after = await lockout.fail(key, now, lockoutThreshold, lockMs);
    if (after.lockedUntil && after.lockedUntil > now) throw new AppError('E423100', { minutes: lockoutMinutes });
    throw new AppError('E401102', { count: Math.max(0, lockoutThreshold - after.failures) });
  }
  if (secondStep && (await secondStep(account.id))) return account;
  if (!(await lockout.clearUnlessLocked(key, now))) throw new AppError('E423100', { minutes: lockoutMinutes });
  return account;
}
