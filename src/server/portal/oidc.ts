import * as oauth from 'oauth4webapi';
import { AppError } from '../errors';
import type { PortalProvider } from './config';
import { providerMetadata, requestOptions } from './metadata';

/** Clock difference tolerated on exp, nbf and iat (seconds). */
export const CLOCK_TOLERANCE_S = 60;

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims Lanyard reads from a validated ID token. */
export interface PortalClaims {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  sid: string | null;
  authTime: number;
  idToken: string;
}

const client = (p: PortalProvider): oauth.Client => ({
  client_id: p.clientId,
  // oauth4webapi compares the JWS alg with this value; it accepts a list at run time (the allow-list).
  id_token_signed_response_alg: p.algorithms as unknown as string,
  [oauth.clockTolerance]: CLOCK_TOLERANCE_S,
});

export function freshSecrets(): FlowSecrets {
  return {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    codeVerifier: oauth.generateRandomCodeVerifier(),
  };
}

/** The authorization request: code flow, PKCE S256 always (SSO-02), state and nonce. */
export async function authorizationUrl(
  provider: PortalProvider,
  redirectUri: string,
  secrets: FlowSecrets,
  opts: { prompt?: string | undefined; uiLocales?: string | undefined },
): Promise<string> {
  const as = await providerMetadata(provider);
  const url = new URL(as.authorization_endpoint ?? '');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', secrets.state);
  url.searchParams.set('nonce', secrets.nonce);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(secrets.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (opts.prompt) url.searchParams.set('prompt', opts.prompt);
  if (opts.uiLocales) url.searchParams.set('ui_locales', opts.uiLocales);
  return url.href;
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 320 ? v : null);

/**
 * The callback: the response is checked (state, error, and `iss` per RFC 9207, required even when
 * the metadata does not announce it, which stops a mix-up between providers), the code is exchanged
 * with the PKCE verifier, and the ID token is validated: alg from the allow-list, signature from the
 * provider's JWKS (never HS*), iss, aud, azp when aud has several values, exp, iat, nonce. Refusals
 * are E401120; a provider that is down or answers garbage is E502120.
 */
export async function completeSignIn(
  provider: PortalProvider,
  redirectUri: string,
  callback: URL,
  secrets: FlowSecrets,
): Promise<PortalClaims> {
  const as = await providerMetadata(provider);
  const c = client(provider);
  const iss = callback.searchParams.get('iss');
  if (iss !== as.issuer) throw new AppError('E401120');
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, c, callback, secrets.state);
  } catch (err) {
    // An error answer (access_denied: the person cancelled at the portal) that passed the state and
    // iss checks above is this browser's own attempt, so it may say so; anything else is a refusal.
    throw new AppError(err instanceof oauth.AuthorizationResponseError ? 'E401123' : 'E401120');
  }
  let response: Response;
  try {
    response = await oauth.authorizationCodeGrantRequest(
      as,
      c,
      oauth.ClientSecretBasic(provider.clientSecret),
      params,
      redirectUri,
      secrets.codeVerifier,
      requestOptions(provider),
    );
  } catch {
    throw new AppError('E502120');
  }
  try {
    const tokens = await oauth.processAuthorizationCodeResponse(as, c, response, {
      expectedNonce: secrets.nonce,
      requireIdToken: true,
    });
    await oauth.validateApplicationLevelSignature(as, response, requestOptions(provider));
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    if (!claims || typeof tokens.id_token !== 'string') throw new AppError('E401120');
    const now = Math.floor(Date.now() / 1000);
    // oauth4webapi checks that iat is a number; a token from the future is refused here.
    if (claims.iat > now + CLOCK_TOLERANCE_S) throw new AppError('E401120');
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: str(claims['email']),
      emailVerified: claims['email_verified'] === true,
      givenName: str(claims['given_name']),
      familyName: str(claims['family_name']),
      name: str(claims['name']),
      sid: str(claims['sid']),
      authTime: (typeof claims.auth_time === 'number' ? claims.auth_time : now) * 1000,
      idToken: tokens.id_token,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(isProviderFault(err) ? 'E502120' : 'E401120');
  }
}

/**
 * Which failures are the provider's (unreachable, not JSON, a 5xx) rather than a refused answer.
 * A token endpoint's OAuth error (invalid_grant: a replayed code) is a refusal.
 */
function isProviderFault(err: unknown): boolean {
  if (err instanceof oauth.ResponseBodyError) return err.status >= 500;
  if (err instanceof oauth.OperationProcessingError)
    return [oauth.RESPONSE_IS_NOT_JSON, oauth.RESPONSE_IS_NOT_CONFORM, oauth.PARSE_ERROR].includes(err.code ?? '');
  return (
    err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
  );
}
