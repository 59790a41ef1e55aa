import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import { importWithTimeout } from './lazy';

/**
 * Why a passkey ceremony ended without a response: the person cancelled or let it time out (the
 * browser does not tell these apart, on purpose), the browser has no WebAuthn, the authenticator
 * already holds a passkey of this account, or anything else. Each maps to one translated label.
 */
export type CeremonyFailure = 'cancelled' | 'unsupported' | 'exists' | 'failed';

export type Ceremony<T> = { ok: true; response: Wire<T> } | { ok: false; reason: CeremonyFailure };

/** A response as the JSON body carries it: the extension results are a plain record there. */
export type Wire<T> = Omit<T, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> };

/**
 * The WebAuthn library is loaded on the first passkey click only (issue 22): a visitor who never
 * uses a passkey downloads none of it. One promise, so two clicks share one download.
 */
let library: Promise<typeof WebAuthnBrowser> | null = null;
const load = () => (library ??= importWithTimeout(() => import('@simplewebauthn/browser')));

/** True when this browser has the WebAuthn API at all (checked without loading the library). */
export function passkeysPossible(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Makes a new passkey on this device (or password manager) from the server's creation options. */
export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<Ceremony<RegistrationResponseJSON>> {
  return ceremony(async (lib) => lib.startRegistration({ optionsJSON }));
}

/** Signs the server's challenge with a passkey: any of this site's (discoverable) or those allowed. */
export async function signWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<Ceremony<AuthenticationResponseJSON>> {
  return ceremony(async (lib) => lib.startAuthentication({ optionsJSON }));
}

async function ceremony<T extends { clientExtensionResults: object }>(
  run: (lib: typeof WebAuthnBrowser) => Promise<T>,
): Promise<Ceremony<T>> {
  if (!passkeysPossible()) return { ok: false, reason: 'unsupported' };
  try {
    const lib = await load();
    if (!lib.browserSupportsWebAuthn()) return { ok: false, reason: 'unsupported' };
    const response = await run(lib);
    return {
      ok: true,
      response: {
        ...response,
        clientExtensionResults: { ...response.clientExtensionResults } as Record<string, unknown>,
      },
    };
  } catch (err) {
    return { ok: false, reason: failureOf(err) };
  }
}

/** The library's WebAuthnError carries a code; a bare DOMException only its name. */
function failureOf(err: unknown): CeremonyFailure {
  const code = (err as { code?: string }).code;
  const name = (err as { name?: string }).name;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'exists';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}
