import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { normalizeEmail } from '../../lib/email';
import { cookieBase } from '../auth/cookies';
import { CONFIG } from '../config';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import {
  beginSecondStep,
  completeSecondStep,
  needsSecondStep,
  pendingSecondStep,
  type PendingLogin,
} from '../mfa/service';
import { hasPasskeys } from '../passkeys/service';
import { attemptKey, checkLogin } from './login';
import { lockoutRepo } from './lockout-repo';
import { startSession } from './session-start';

/** The HttpOnly cookie that carries a pending second step's ticket (never readable by scripts). */
export const SECOND_STEP_COOKIE = 'lanyard_mfa';

/** How a pending second step may be completed: an app code (or recovery code), or a passkey. */
export type SecondStepMethod = 'app_code' | 'passkey';

/**
 * Email and password, then either a session (no second step) or, for an account with app codes on,
 * the pending second step in a short-lived cookie and no session yet (issue 22). Passkeys do not
 * turn the second step on by themselves (the least surprising rule: adding a passkey never changes
 * how the password signs in); with app codes on, a passkey is offered next to the code.
 */
export async function signInWithPassword(c: Context<AppEnv>, email: string, password: string) {
  let owes = false;
  const account = await checkLogin(c.env, email, password, Date.now(), async (id) => {
    owes = await needsSecondStep(c.env.DB, id);
    return owes;
  });
  if (!owes) {
    await startSession(c, account, normalizeEmail(email));
    return { account, secondStep: false, methods: [] as SecondStepMethod[] };
  }
  const [{ ticket, maxAgeSeconds }, passkeys] = await Promise.all([
    beginSecondStep(c.env.DB, account.id, normalizeEmail(email)),
    hasPasskeys(c.env.DB, account.id),
  ]);
  setCookie(c, SECOND_STEP_COOKIE, ticket, { ...cookieBase(c.env), maxAge: maxAgeSeconds });
  const methods: SecondStepMethod[] = passkeys ? ['app_code', 'passkey'] : ['app_code'];
  return { account, secondStep: true, methods };
}

/**
 * One attempt at the second step for the pending sign-in in the cookie, under the address's
 * lockout: while locked even a right answer is refused (423 E423100); a wrong one counts exactly as
 * a wrong password does (AUTH-04) and answers `wrong` with the attempts left. No pending sign-in
 * (none, expired, used): E401141, sign in again. `attempt` returns whether the pending sign-in was
 * completed (and closed) by this answer; on success the session starts as after a password.
 */
export async function attemptSecondStep(
  c: Context<AppEnv>,
  wrong: 'E401140' | 'E401152',
  attempt: (ticket: string, pending: PendingLogin) => Promise<boolean>,
  now = Date.now(),
) {
  const ticket = getCookie(c, SECOND_STEP_COOKIE) ?? '';
  const pending = await pendingSecondStep(c.env.DB, ticket, now);
  if (!pending) throw new AppError('E401141');
  const { lockoutThreshold, lockoutMinutes } = CONFIG.login;
  const lockMs = lockoutMinutes * 60_000;
  const key = await attemptKey(pending.loginEmail);
  const lockout = lockoutRepo(c.env.DB);
  const state = await lockout.state(key);
  if (state?.lockedUntil && state.lockedUntil > now) {
    await lockout.fail(key, now, lockoutThreshold, lockMs);
    throw new AppError('E423100', { minutes: lockoutMinutes });
  }
  if (!(await attempt(ticket, pending))) {
    const after = await lockout.fail(key, now, lockoutThreshold, lockMs);
    if (after.lockedUntil && after.lockedUntil > now) throw new AppError('E423100', { minutes: lockoutMinutes });
    throw new AppError(wrong, { count: Math.max(0, lockoutThreshold - after.failures) });
  }
  const base = cookieBase(c.env);
  deleteCookie(c, SECOND_STEP_COOKIE, { path: base.path ?? '/', secure: base.secure ?? false });
  if (!(await lockout.clearUnlessLocked(key, now))) throw new AppError('E423100', { minutes: lockoutMinutes });
  const account = { id: pending.accountId, userType: pending.userType, serviceCountry: pending.serviceCountry };
  await startSession(c, account, pending.loginEmail);
  return account;
}

/**
 * The second step: an app code or a recovery code for the pending sign-in in the cookie. Wrong and
 * reused codes count toward the address's lockout exactly as wrong passwords do (AUTH-04): E401140
 * with the attempts left, then 423 E423100; while locked even a right code is refused. No pending
 * sign-in (none, expired, used): E401141, sign in again.
 */
export function finishSecondStep(c: Context<AppEnv>, code: string, now = Date.now()) {
  return attemptSecondStep(
    c,
    'E401140',
    (ticket, pending) => completeSecondStep(c.env.DB, ticket, pending, code, now),
    now,
  );
}
