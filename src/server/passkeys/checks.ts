import { decodeAttestationObject, isoBase64URL, parseAuthenticatorData, toHash } from '@simplewebauthn/server/helpers';
import { AppError } from '../errors';
import type { RelyingParty } from './rp';

/*
 * The checks of the security guide's WA-01 that each get their own answer, run on the parsed
 * response before the library's full verification (which repeats them and checks the signature):
 * the library reports every failure as an untyped Error, and messages are not an interface.
 */

/** The client data's fields the checks read; anything unreadable is E400150. */
export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

/** Decodes clientDataJSON (base64url JSON); unreadable: E400150. */
export function readClientData(clientDataJSON: string): ClientData {
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as Partial<ClientData>;
    if (typeof parsed.type === 'string' && typeof parsed.challenge === 'string' && typeof parsed.origin === 'string')
      return { type: parsed.type, challenge: parsed.challenge, origin: parsed.origin };
  } catch {
    // Falls through to the one answer for an unreadable response.
  }
  throw new AppError('E400150');
}

/** The ceremony must be the expected one (a signature made for registration never signs in). */
export function checkType(data: ClientData, expected: 'webauthn.create' | 'webauthn.get') {
  if (data.type !== expected) throw new AppError('E400150');
}

/** The page that asked must be Lanyard's own origin (a phishing site's origin differs): E400151. */
export function checkOrigin(data: ClientData, rp: RelyingParty) {
  if (data.origin !== rp.origin) throw new AppError('E400151');
}

/** The authenticator data of a registration (inside the CBOR attestation object). */
export function registrationAuthData(attestationObject: string) {
  try {
    return parseAuthenticatorData(decodeAttestationObject(isoBase64URL.toBuffer(attestationObject)).get('authData'));
  } catch {
    throw new AppError('E400150');
  }
}

/** The authenticator data of an assertion. */
export function assertionAuthData(authenticatorData: string) {
  try {
    return parseAuthenticatorData(isoBase64URL.toBuffer(authenticatorData));
  } catch {
    throw new AppError('E400150');
  }
}

type AuthData = ReturnType<typeof parseAuthenticatorData>;

/** The key was made for this RP id (SHA-256 of it), not another site's: E400152. */
export async function checkRpIdHash(auth: AuthData, rp: RelyingParty) {
  const expected = await toHash(new TextEncoder().encode(rp.id));
  if (isoBase64URL.fromBuffer(auth.rpIdHash) !== isoBase64URL.fromBuffer(expected)) throw new AppError('E400152');
}

/** User verification (PIN, fingerprint, face) is required: a passkey is then two factors: E400156. */
export function checkUserVerified(auth: AuthData) {
  if (!auth.flags.up || !auth.flags.uv) throw new AppError('E400156');
}

/**
 * The signature counter must grow (WebAuthn §6.1.1): a smaller or equal value means the key may
 * have been copied (E401151). Authenticators that keep no counter send 0 each time, which is fine.
 */
export function checkCounter(auth: AuthData, stored: number) {
  if ((auth.counter !== 0 || stored !== 0) && auth.counter <= stored) throw new AppError('E401151');
}
