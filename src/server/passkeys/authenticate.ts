import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { sha256Hex } from '../auth/tokens';
import { AppError } from '../errors';
import { CEREMONY_TIMEOUT_MS, consumeChallenge, issueChallenge } from './challenges';
import type { ChallengeOwner, ChallengePurpose } from './challenge-repo';
import {
  assertionAuthData,
  checkCounter,
  checkOrigin,
  checkRpIdHash,
  checkType,
  checkUserVerified,
  readClientData,
} from './checks';
import { passkeyRepo, type StoredPasskey } from './repo';
import { relyingParty } from './rp';
import type { AuthenticationResponse } from './schemas';

/** The purposes of an assertion: a passkey alone, after the password, or a fresh check in settings. */
export type AssertionPurpose = Exclude<ChallengePurpose, 'register'>;

/**
 * Options for navigator.credentials.get() with user verification required. Without an account
 * (a passkey alone) allowCredentials stays empty, so the browser offers the discoverable passkeys
 * it holds for this site; with one, only that account's passkeys are allowed. An account with
 * none: E404150 (nothing to ask for).
 */
export async function assertionOptions(env: Env, purpose: AssertionPurpose, owner: ChallengeOwner, now = Date.now()) {
  const allow = owner.accountId ? await passkeyRepo(env.DB).descriptors(owner.accountId) : [];
  if (owner.accountId && allow.length === 0) throw new AppError('E404150');
  const challenge = await issueChallenge(env.DB, purpose, owner, now);
  return generateAuthenticationOptions({
    rpID: relyingParty(env).id,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allow.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as [] })),
  });
}

/** Whose the assertion must be: the account (second step, settings) and the pending sign-in's ticket. */
export interface Expected {
  accountId?: string;
  ticket?: string;
}

/**
 * Verifies navigator.credentials.get()'s answer for one purpose and records the passkey's use.
 * Order: the challenge is consumed (single use: E400153/E400154/E400155), it must have been made
 * for this account and pending sign-in; the passkey must exist on a live account and, when an
 * account is expected, be that account's; the user handle, when sent (always for a passkey alone),
 * must be that account's (E401150 for all of these: nothing tells whose a passkey is); then origin
 * (E400151), RP id (E400152), user verification (E400156), counter (E401151), and the library's
 * signature check (E401150).
 */
export async function verifyAssertion(
  env: Env,
  purpose: AssertionPurpose,
  response: AuthenticationResponse,
  expected: Expected,
  now = Date.now(),
): Promise<StoredPasskey> {
  const rp = relyingParty(env);
  const data = readClientData(response.response.clientDataJSON);
  const owner = await consumeChallenge(env.DB, data.challenge, purpose, now);
  if (expected.accountId !== undefined && owner.accountId !== expected.accountId) throw new AppError('E400153');
  if (expected.ticket !== undefined && owner.ticketHash !== (await sha256Hex(expected.ticket))) {
    throw new AppError('E400153');
  }
  const repo = passkeyRepo(env.DB);
  const passkey = response.id === response.rawId ? await repo.byId(response.id) : null;
  if (!passkey) throw new AppError('E401150');
  if (expected.accountId !== undefined && passkey.accountId !== expected.accountId) throw new AppError('E401150');
  const handle = response.response.userHandle;
  if (purpose === 'signin' && !handle) throw new AppError('E401150');
  if (handle !== undefined && handle !== passkey.handle) throw new AppError('E401150');
  checkType(data, 'webauthn.get');
  checkOrigin(data, rp);
  const auth = assertionAuthData(response.response.authenticatorData);
  await checkRpIdHash(auth, rp);
  checkUserVerified(auth);
  checkCounter(auth, passkey.counter);
  let counter: number | null = null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: data.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
      },
    });
    if (result.verified) counter = result.authenticationInfo.newCounter;
  } catch {
    counter = null;
  }
  if (counter === null) throw new AppError('E401150');
  // A parallel use with a higher counter got there first: this one is the older, refused as a copy.
  if (!(await repo.recordUse(passkey.id, passkey.accountId, counter, now))) throw new AppError('E401151');
  return passkey;
}
