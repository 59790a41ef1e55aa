import { AppError } from '../errors';
import type * as Authenticate from './authenticate';
import type * as Register from './register';
import { purgeExpiredChallenges } from './challenges';
import { passkeyRepo } from './repo';

export type { PasskeySummary } from './repo';

// The ceremonies load with the first one (issue 37): @simplewebauthn/server and its ASN.1 and CBOR
// readers took 7-10 ms of every start-up, for the few requests that use a passkey.
const authenticate = () => import('./authenticate');
const register = () => import('./register');
type Auth = typeof Authenticate;
type Reg = typeof Register;

export const assertionOptions = async (...a: Parameters<Auth['assertionOptions']>) =>
  (await authenticate()).assertionOptions(...a);
export const verifyAssertion = async (...a: Parameters<Auth['verifyAssertion']>) =>
  (await authenticate()).verifyAssertion(...a);
export const registrationOptions = async (...a: Parameters<Reg['registrationOptions']>) =>
  (await register()).registrationOptions(...a);
export const verifyRegistration = async (...a: Parameters<Reg['verifyRegistration']>) =>
  (await register()).verifyRegistration(...a);

/** The account's passkeys for the settings list. */
export const listPasskeys = (d1: D1Database, accountId: string) => passkeyRepo(d1).list(accountId);

/** Whether the account holds any passkey (the second step then offers one: Login's methods). */
export const hasPasskeys = async (d1: D1Database, accountId: string) => (await passkeyRepo(d1).count(accountId)) > 0;

/** Renames one of the account's passkeys; another account's id answers as an unknown one (E404150). */
export async function renamePasskey(d1: D1Database, accountId: string, id: string, name: string) {
  if (!(await passkeyRepo(d1).rename(accountId, id, name))) throw new AppError('E404150');
}

/** Removes one of the account's passkeys (the last one too); unknown or another account's: E404150. */
export async function removePasskey(d1: D1Database, accountId: string, id: string) {
  if (!(await passkeyRepo(d1).remove(accountId, id))) throw new AppError('E404150');
}

/** The nightly purge of WebAuthn challenges past their five minutes. */
export const purgePasskeyChallenges = purgeExpiredChallenges;
