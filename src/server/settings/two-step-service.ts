import type { SessionUser } from '../context';
import { AppError } from '../errors';
import { confirmTotp, disableTotp, startTotp } from '../mfa/service';
import { USER_TYPE_PORTAL } from '../auth/user-types';
import type { AuthenticationResponse } from '../passkeys/schemas';
import { confirmPasswordOrPasskey } from './passkey-service';
import { confirmPassword } from './reauth';

/**
 * A portal user (type 1) never types a wallet password: the portal signs them in, and its own
 * second factors apply there, so app codes here would never be asked (E403140).
 */
function walletUserOnly(user: SessionUser) {
  if (user.userType === USER_TYPE_PORTAL) throw new AppError('E403140');
}

/** Starts app-code enrolment after a fresh password check (SES-05): the QR code and the secret. */
export async function startAppCodes(env: Env, user: SessionUser, password: string) {
  walletUserOnly(user);
  await confirmPassword(env, user, password);
  return startTotp(env.DB, user.accountId, user.loginEmail ?? user.primaryEmail ?? user.accountId);
}

/** Confirms enrolment with a code from the app; the ten recovery codes come back once. */
export async function confirmAppCodes(env: Env, user: SessionUser, code: string) {
  walletUserOnly(user);
  return confirmTotp(env.DB, user.accountId, code);
}

/**
 * Turns app codes off: only after a fresh password or passkey check (issue 22), as other changes
 * that matter.
 */
export async function turnOffAppCodes(
  env: Env,
  user: SessionUser,
  proof: { password?: string; passkeyResponse?: AuthenticationResponse },
) {
  await confirmPasswordOrPasskey(env, user, proof);
  await disableTotp(env.DB, user.accountId);
}
