import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { sha256Hex } from '../auth/tokens';
import { USER_TYPE_PORTAL } from '../auth/user-types';
import type { AppEnv } from '../context';
import { AppError, type ErrorCode } from '../errors';
import { clientKey, throttle } from '../http/throttle';
import { closeSecondStep, pendingSecondStep } from '../mfa/service';
import { assertionOptions, verifyAssertion } from '../passkeys/service';
import type { AuthenticationResponse } from '../passkeys/schemas';
import { attemptSecondStep, SECOND_STEP_COOKIE } from './second-step';
import { startSession } from './session-start';

/**
 * Options for a sign-in with a passkey alone (discoverable: no address typed, no allow list).
 * Anyone may ask, and each answer stores a challenge, so it is throttled per client address
 * (E429100) as other anonymous calls that write are.
 */
export async function passkeySignInOptions(c: Context<AppEnv>) {
  await throttle(c.env.SIGNIN_LIMIT, clientKey(c.req.raw.headers));
  return assertionOptions(c.env, 'signin', { accountId: null, ticketHash: null });
}

/**
 * A sign-in with a passkey alone: the account is found by the credential id, and the user handle
 * the authenticator returns must be that account's. A passkey with user verification is itself
 * two factors (something held, something known or been), so no app-code step follows; the session
 * starts exactly as after a password (new cookie, device notice, sessions list). A portal user's
 * address signs in through the portal (E401122), as with a password.
 */
export async function signInWithPasskey(c: Context<AppEnv>, response: AuthenticationResponse) {
  const passkey = await verifyAssertion(c.env, 'signin', response, {});
  if (passkey.userType === USER_TYPE_PORTAL) throw new AppError('E401122');
  const account = { id: passkey.accountId, userType: passkey.userType, serviceCountry: passkey.serviceCountry };
  await startSession(c, account, passkey.primaryEmail ?? '');
  return account;
}

/** Options for the second step with a passkey: only the pending sign-in's account's passkeys. */
export async function secondStepPasskeyOptions(c: Context<AppEnv>) {
  const ticket = getCookie(c, SECOND_STEP_COOKIE) ?? '';
  const pending = await pendingSecondStep(c.env.DB, ticket);
  if (!pending) throw new AppError('E401141');
  return assertionOptions(c.env, 'second', { accountId: pending.accountId, ticketHash: await sha256Hex(ticket) });
}

/** Refusals that are no guess at the credential (a stale or reused request): not counted. */
const NOT_COUNTED = new Set<ErrorCode>(['E400150', 'E400153', 'E400154', 'E400155']);

/**
 * The second step with a passkey. Any refusal of the passkey itself (another account's, removed,
 * wrong site, no user verification, counter, signature) counts toward the address's lockout as a
 * wrong code does and answers E401152 with the attempts left; a stale or reused request answers
 * its own code and counts nothing.
 */
export function finishSecondStepWithPasskey(c: Context<AppEnv>, response: AuthenticationResponse) {
  return attemptSecondStep(c, 'E401152', async (ticket, pending) => {
    try {
      await verifyAssertion(c.env, 'second', response, { accountId: pending.accountId, ticket });
    } catch (err) {
      if (err instanceof AppError && !NOT_COUNTED.has(err.code)) return false;
      throw err;
    }
    return closeSecondStep(c.env.DB, ticket, pending.accountId);
  });
}
