import { ERRORS, type ErrorCode } from '../errors';
import { checkAuthorize } from './authorize';
import { OB3_API } from './config';
import { SCOPE_LABELS } from './scopes';

/** What the consent page shows: the application, what it asks for, and the form that answers. */
export type ConsentView =
  | { kind: 'invalid'; messageKey: string }
  | { kind: 'redirect'; to: string }
  | {
      kind: 'ask';
      clientName: string;
      clientUri: string;
      logoUri: string | null;
      tosUri: string | null;
      policyUri: string | null;
      scopeKeys: string[];
      redirectHost: string;
      /** The redirect URI's origin: the page's form-action must allow the 303 that follows. */
      redirectOrigin: string;
      action: string;
      fields: [string, string][];
    };

const https = (u: string | null) => (u && u.startsWith('https://') ? u : null);

/**
 * The consent page's content for an authorization request (1EdTech OB 3.0 §6.2): the request is
 * checked as the authorization endpoint checks it; a bad client or redirect URI is shown here,
 * other errors go back to the application. The form posts the request's own parameters.
 */
export async function consentView(env: Env, query: URLSearchParams): Promise<ConsentView> {
  const check = await checkAuthorize(env, query);
  if (!check.ok) {
    if ('fatal' in check) return { kind: 'invalid', messageKey: ERRORS[check.fatal as ErrorCode].key };
    return { kind: 'redirect', to: check.redirect };
  }
  const { client, redirectUri, scopes } = check.request;
  const redirect = new URL(redirectUri);
  const names = [
    'response_type',
    'client_id',
    'redirect_uri',
    'scope',
    'state',
    'code_challenge',
    'code_challenge_method',
  ];
  return {
    kind: 'ask',
    clientName: client.clientName,
    clientUri: client.clientUri,
    logoUri: https(client.logoUri),
    tosUri: client.tosUri,
    policyUri: client.policyUri,
    scopeKeys: [...new Set(scopes.map((s) => SCOPE_LABELS[s]))],
    redirectHost: redirect.host,
    redirectOrigin: redirect.origin,
    action: `${OB3_API.prefix}/oauth/authorize`,
    fields: names.flatMap((n): [string, string][] => {
      const v = query.get(n);
      return v === null ? [] : [[n, v]];
    }),
  };
}
