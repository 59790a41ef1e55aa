import { DEFAULT_LANGUAGE, toLanguage, type Language } from '../../i18n/languages';
import { fullName } from '../../lib/names';
import { USER_TYPE_PORTAL } from '../auth/user-types';
import type { SessionUser } from '../context';
import { AppError } from '../errors';
import {
  assertionOptions,
  registrationOptions,
  removePasskey,
  verifyAssertion,
  verifyRegistration,
} from '../passkeys/service';
import type { AuthenticationResponse, RegistrationResponse } from '../passkeys/schemas';
import { confirmPassword } from './reauth';

/**
 * A portal user (type 1) signs in through the portal, whose session the wallet session is bound
 * to and ends with; a passkey here would be a way in around the portal, so they get none (E403150),
 * as they get no app codes (E403140).
 */
function walletUserOnly(user: SessionUser) {
  if (user.userType === USER_TYPE_PORTAL) throw new AppError('E403150');
}

/** Registration options after a fresh password check (SES-05), as other changes that matter. */
export async function startPasskeyRegistration(env: Env, user: SessionUser, password: string) {
  walletUserOnly(user);
  await confirmPassword(env, user, password);
  const userName = user.loginEmail ?? user.primaryEmail ?? 'Lanyard';
  // What the authenticator shows for the account: the name as the person's language writes it.
  const displayName =
    fullName(user.firstName, user.lastName, toLanguage(user.language) ?? DEFAULT_LANGUAGE) || userName;
  return registrationOptions(env, { accountId: user.accountId, userName, displayName });
}

/** Stores the passkey the browser made for the options above; unnamed, it is named in `lang`. */
export async function finishPasskeyRegistration(
  env: Env,
  user: SessionUser,
  response: RegistrationResponse,
  name: string | undefined,
  lang: Language,
) {
  walletUserOnly(user);
  return verifyRegistration(env, user.accountId, response, name, lang);
}

/** Removes a passkey after a fresh password check; the last one may go too. */
export async function removePasskeyChecked(env: Env, user: SessionUser, id: string, password: string) {
  await confirmPassword(env, user, password);
  await removePasskey(env.DB, user.accountId, id);
}

/** Options for a fresh check with one of the account's passkeys (instead of the password). */
export const passkeyReauthOptions = (env: Env, user: SessionUser) =>
  assertionOptions(env, 'reauth', { accountId: user.accountId, ticketHash: null });

/**
 * A fresh check of the person for a change that matters: the password, or an assertion from one of
 * the account's own passkeys made for a 'reauth' challenge (issue 22: "a fresh password or passkey
 * check"). Exactly one of them is given (the route's schema says so).
 */
export async function confirmPasswordOrPasskey(
  env: Env,
  user: SessionUser,
  proof: { password?: string; passkeyResponse?: AuthenticationResponse },
) {
  if (proof.passkeyResponse) {
    await verifyAssertion(env, 'reauth', proof.passkeyResponse, { accountId: user.accountId });
    return;
  }
  await confirmPassword(env, user, proof.password ?? '');
}
