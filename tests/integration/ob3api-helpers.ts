import { exports } from 'cloudflare:workers';
import { Validator, type Schema } from '@cfworker/json-schema';
import * as oauth from 'oauth4webapi';
import credentialsResponse from '../../src/server/ob3/schema/getopenbadgecredentialsresponse.min.json';
import imsxStatusInfo from '../../src/server/ob3/schema/imsx_statusinfo.min.json';
import { BASE, createAccount, createSession } from './helpers';

export const OB3 = `${BASE}/ims/ob/v3p0`;
export const REDIRECT = 'http://127.0.0.1:9/callback';
export const SCOPE = {
  read: 'https://purl.imsglobal.org/spec/ob/v3p0/scope/credential.readonly',
  upsert: 'https://purl.imsglobal.org/spec/ob/v3p0/scope/credential.upsert',
  profile: 'https://purl.imsglobal.org/spec/ob/v3p0/scope/profile.readonly',
};
export const ALL_SCOPES = `${SCOPE.read} ${SCOPE.upsert} ${SCOPE.profile}`;

/** The authorization server as another wallet sees it, reached through the test Worker. */
export const AS: oauth.AuthorizationServer = {
  issuer: BASE,
  authorization_endpoint: `${OB3}/oauth/authorize`,
  token_endpoint: `${OB3}/oauth/token`,
  revocation_endpoint: `${OB3}/oauth/revoke`,
  registration_endpoint: `${OB3}/oauth/register`,
};
export const OPTIONS = {
  [oauth.customFetch]: (url: string, init: RequestInit) => exports.default.fetch(url, init),
  [oauth.allowInsecureRequests]: true,
};

/** Registers an application with oauth4webapi (RFC 7591); each from its own address (throttle). */
export async function register(metadata: Record<string, unknown> = {}, ip = randomIp()) {
  const res = await oauth.dynamicClientRegistrationRequest(
    AS,
    {
      client_name: 'Other Wallet',
      client_uri: 'https://wallet.example/',
      redirect_uris: [REDIRECT],
      scope: ALL_SCOPES,
      ...metadata,
    },
    { ...OPTIONS, headers: new Headers({ 'CF-Connecting-IP': ip }) },
  );
  const client = await oauth.processDynamicClientRegistrationResponse(res);
  return { client: { client_id: client.client_id }, secret: String(client['client_secret']) };
}

export function randomIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** The parameters of an authorization request with PKCE S256, as oauth4webapi builds them. */
export async function authorizeParams(clientId: string, scope = ALL_SCOPES) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { params, verifier, state };
}

/** The consent page's form post, answered by a signed-in person. */
export async function answer(cookie: string, params: URLSearchParams, decision: 'allow' | 'deny') {
  const body = new URLSearchParams(params);
  body.set('decision', decision);
  return exports.default.fetch(`${OB3}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body,
  });
}

/** A person, an application and a consented code, ready to be exchanged. */
export async function consentedCode(scope = ALL_SCOPES) {
  const account = await createAccount();
  const cookie = `accessToken=${await createSession(account.id)}`;
  const app = await register();
  const { params, verifier, state } = await authorizeParams(app.client.client_id, scope);
  const res = await answer(cookie, params, 'allow');
  const callback = oauth.validateAuthResponse(AS, app.client, new URL(res.headers.get('location') ?? ''), state);
  return { account, cookie, app, verifier, callback };
}

/** The code exchanged through oauth4webapi: the full token response. */
export async function tokensFor(scope = ALL_SCOPES) {
  const c = await consentedCode(scope);
  const res = await oauth.authorizationCodeGrantRequest(
    AS,
    c.app.client,
    oauth.ClientSecretBasic(c.app.secret),
    c.callback,
    REDIRECT,
    c.verifier,
    OPTIONS,
  );
  return { ...c, tokens: await oauth.processAuthorizationCodeResponse(AS, c.app.client, res) };
}

export const bearer = (token: string, extra: Record<string, string> = {}) => ({
  Authorization: `Bearer ${token}`,
  ...extra,
});

const responseValidator = new Validator(credentialsResponse as Schema, '2019-09', false);
const imsxValidator = new Validator(imsxStatusInfo as Schema, '2019-09', false);

/** Errors of the bundled 1EdTech GetOpenBadgeCredentialsResponse schema (empty: valid). */
export const credentialsResponseErrors = (body: unknown) => responseValidator.validate(body).errors;
/** Errors of the bundled 1EdTech Imsx_StatusInfo schema (empty: valid). */
export const imsxErrors = (body: unknown) => imsxValidator.validate(body).errors;
