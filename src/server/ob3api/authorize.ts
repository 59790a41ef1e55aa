import type { ErrorCode } from '../errors';
import type { Ob3ClientRow } from '../db/schema/ob3api';
import { clientsRepo } from './clients-repo';
import { parseScopes, scopesWithin, type Scope } from './scopes';

/** An authorization request that passed every check: what the consent page shows and posts back. */
export interface AuthorizeRequest {
  client: Ob3ClientRow;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string;
}

/**
 * `fatal`: the client or redirect URI cannot be trusted, so the person is told here and never
 * redirected (RFC 6749 §4.1.2.1); `redirect`: the error goes back to the application.
 */
export type AuthorizeCheck =
  { ok: true; request: AuthorizeRequest } | { ok: false; fatal: ErrorCode } | { ok: false; redirect: string };

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const once = (q: URLSearchParams, name: string) => (q.getAll(name).length === 1 ? q.get(name) : null);

/** The application's redirect URI with an error (and the state it sent), RFC 6749 §4.1.2.1. */
export function errorRedirect(redirectUri: string, error: string, state: string | null): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  if (state !== null) url.searchParams.set('state', state);
  return url.href;
}

/**
 * Checks an authorization request (1EdTech OB 3.0 §6.2): a registered client and one of its exact
 * redirect URIs first, then response_type code, PKCE with S256 only, known scopes the client
 * registered, and an optional state that is returned as sent.
 */
export async function checkAuthorize(env: Env, q: URLSearchParams): Promise<AuthorizeCheck> {
  const clientId = once(q, 'client_id');
  const redirectUri = once(q, 'redirect_uri');
  const client = clientId && clientId.length <= 64 ? await clientsRepo(env.DB).find(clientId) : null;
  if (!client || !redirectUri || !(JSON.parse(client.redirectUris) as string[]).includes(redirectUri))
    return { ok: false, fatal: 'E400161' };
  const state = q.getAll('state').length > 1 ? undefined : q.get('state');
  const fail = (error: string) => ({ ok: false as const, redirect: errorRedirect(redirectUri, error, state ?? null) });
  if (state === undefined || (state !== null && state.length > 1000)) return fail('invalid_request');
  if (once(q, 'response_type') !== 'code') return fail('unsupported_response_type');
  const challenge = once(q, 'code_challenge');
  if (once(q, 'code_challenge_method') !== 'S256' || !challenge || !CHALLENGE.test(challenge))
    return fail('invalid_request');
  const scopes = parseScopes(once(q, 'scope'));
  if (!scopes || !scopesWithin(scopes, client.scope)) return fail('invalid_scope');
  return { ok: true, request: { client, redirectUri, scopes, state, codeChallenge: challenge } };
}
