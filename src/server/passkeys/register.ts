import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { Language } from '../../i18n/languages';
import { utcDay } from '../../lib/dates';
import { base64url } from '../auth/tokens';
import { CONFIG } from '../config';
import { AppError } from '../errors';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { CEREMONY_TIMEOUT_MS, consumeChallenge, issueChallenge } from './challenges';
import {
  checkOrigin,
  checkRpIdHash,
  checkType,
  checkUserVerified,
  readClientData,
  registrationAuthData,
} from './checks';
import { passkeyRepo, type PasskeySummary } from './repo';
import { relyingParty } from './rp';
import type { RegistrationResponse } from './schemas';
import { translator } from '../http/translator';

/** EdDSA, ES256, RS256: what current platform authenticators and security keys make. */
export const SUPPORTED_ALGS = [-8, -7, -257];

/** Who registers: the account and the labels the authenticator shows for it. */
export interface Registrant {
  accountId: string;
  userName: string;
  displayName: string;
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (residentKey required) with
 * user verification, no attestation, the account's random handle as user.id, and its passkeys
 * excluded so one authenticator is not registered twice. At the cap already: E409150.
 */
export async function registrationOptions(env: Env, who: Registrant, now = Date.now()) {
  const repo = passkeyRepo(env.DB);
  const existing = await repo.descriptors(who.accountId);
  if (existing.length >= CONFIG.passkeys.maxPerAccount) throw new AppError('E409150');
  const rp = relyingParty(env);
  const handle = await repo.handle(who.accountId, base64url(crypto.getRandomValues(new Uint8Array(32))), now);
  const challenge = await issueChallenge(env.DB, 'register', { accountId: who.accountId, ticketHash: null }, now);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: isoBase64URL.toBuffer(handle),
    userName: who.userName,
    userDisplayName: who.displayName,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as [] })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: SUPPORTED_ALGS,
  });
}

/**
 * The name a passkey gets when the person gives none (they may rename it): "Passkey" and the day,
 * both in the language of the page that added it, the day in its calendar (issue 35: พาสคีย์ 28
 * พ.ย. 2569), as the list beside it writes dates.
 */
const defaultName = async (env: Env, lang: Language, now: number) =>
  (await translator(env, lang))('passkeys.default_name', { date: utcDay(lang).format(new Date(now)) });

/**
 * Verifies navigator.credentials.create()'s answer and stores the passkey. The challenge is
 * consumed first (one of parallel answers proceeds); then each WA-01 check with its own code, then
 * the library's full verification (attestation format, key, algorithm): E400150 if it refuses.
 * Already registered (here or on another account): E409151; at the cap: E409150.
 */
export async function verifyRegistration(
  env: Env,
  accountId: string,
  response: RegistrationResponse,
  name: string | undefined,
  lang: Language,
  now = Date.now(),
): Promise<PasskeySummary> {
  const rp = relyingParty(env);
  const data = readClientData(response.response.clientDataJSON);
  const owner = await consumeChallenge(env.DB, data.challenge, 'register', now);
  if (owner.accountId !== accountId) throw new AppError('E400153');
  checkType(data, 'webauthn.create');
  checkOrigin(data, rp);
  const auth = registrationAuthData(response.response.attestationObject);
  await checkRpIdHash(auth, rp);
  checkUserVerified(auth);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: data.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGS,
    });
    info = result.verified ? result.registrationInfo : null;
  } catch {
    info = null;
  }
  if (!info) throw new AppError('E400150');
  const repo = passkeyRepo(env.DB);
  const passkey = {
    id: info.credential.id,
    accountId,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: response.response.transports ?? [],
    name: name ?? (await defaultName(env, lang, now)),
    backedUp: info.credentialBackedUp,
    deviceType: info.credentialDeviceType,
    createdAt: now,
  };
  if (!(await repo.insert(passkey, CONFIG.passkeys.maxPerAccount))) {
    if (await repo.exists(passkey.id)) throw new AppError('E409151');
    throw new AppError('E409150');
  }
  return { id: passkey.id, name: passkey.name, createdAt: now, lastUsedAt: null, backedUp: passkey.backedUp };
}
