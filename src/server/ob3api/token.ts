import { base64url, randomToken, sha256Hex } from '../auth/tokens';
import { runBatch } from '../db/batch';
import type { Ob3ClientRow } from '../db/schema/ob3api';
import { OB3_API } from './config';
import { OAuthError } from './oauth-error';
import { parseScopes, scopesWithin } from './scopes';
import { tokensRepo, type NewPair } from './tokens-repo';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** A form parameter sent exactly once (RFC 6749 §3.2: parameters must not repeat). */
export function param(form: URLSearchParams, name: string): string | null {
  const all = form.getAll(name);
  if (all.length > 1) throw new OAuthError('invalid_request', 'E400160');
  return all[0] ?? null;
}

async function newPair(now: number) {
  const access = randomToken(32);
  const refresh = randomToken(32);
  const pair: NewPair = {
    exchange: randomToken(16),
    accessHash: await sha256Hex(access),
    refreshHash: await sha256Hex(refresh),
    now,
    accessExpires: now + OB3_API.accessSeconds * 1000,
    refreshExpires: now + OB3_API.refreshDays * 86_400_000,
  };
  return { access, refresh, pair };
}

/** The RFC 6749 §5.1 answer; the scope is read back from the row the tokens were copied from. */
const answer = (access: string, refresh: string, scope: string) => ({
  access_token: access,
  token_type: 'Bearer',
  expires_in: OB3_API.accessSeconds,
  refresh_token: refresh,
  scope,
});

/**
 * The token endpoint's two grants, each one atomic batch: authorization_code (code, exact
 * redirect_uri, PKCE S256 verifier) and refresh_token (rotating). A code or refresh token that an
 * earlier exchange already took revokes the tokens of its grant and is refused (invalid_grant).
 */
export async function exchange(env: Env, client: Ob3ClientRow, form: URLSearchParams, now = Date.now()) {
  const grant = param(form, 'grant_type');
  const repo = tokensRepo(env.DB);
  const { access, refresh, pair } = await newPair(now);
  if (grant === 'authorization_code') {
    const code = param(form, 'code');
    const redirectUri = param(form, 'redirect_uri');
    const verifier = param(form, 'code_verifier');
    if (!code || !redirectUri) throw new OAuthError('invalid_request', 'E400160');
    if (!verifier || !VERIFIER.test(verifier)) throw new OAuthError('invalid_grant', 'E400165');
    if (code.length > 128) throw new OAuthError('invalid_grant', 'E400165');
    const challenge = base64url(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
    );
    const codeHash = await sha256Hex(code);
    const results = await runBatch(env.DB, repo.exchangeCode(codeHash, client.id, redirectUri, challenge, pair));
    if (results[1]?.meta.changes !== 1) throw new OAuthError('invalid_grant', 'E400165');
    return answer(access, refresh, (await repo.scopeOf(pair.accessHash)) ?? '');
  }
  if (grant === 'refresh_token') {
    const token = param(form, 'refresh_token');
    if (!token) throw new OAuthError('invalid_request', 'E400160');
    // A narrower scope may be asked for (RFC 6749 §6), never one the client did not register; the
    // grant keeps its own scope, which the answer reports.
    const asked = param(form, 'scope');
    const wanted = asked === null ? [] : parseScopes(asked);
    if (!wanted || !scopesWithin(wanted, client.scope)) throw new OAuthError('invalid_scope', 'E400163');
    if (token.length > 128) throw new OAuthError('invalid_grant', 'E400165');
    const results = await runBatch(env.DB, repo.exchangeRefresh(await sha256Hex(token), client.id, pair));
    if (results[1]?.meta.changes !== 1) throw new OAuthError('invalid_grant', 'E400165');
    const scope = (await repo.scopeOf(pair.accessHash)) ?? '';
    return answer(access, refresh, scope);
  }
  throw new OAuthError('unsupported_grant_type', 'E400166');
}
