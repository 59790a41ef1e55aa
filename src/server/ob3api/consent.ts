import { newId, randomToken, sha256Hex } from '../auth/tokens';
import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { checkAuthorize, errorRedirect } from './authorize';
import { codesRepo } from './codes-repo';
import { OB3_API } from './config';

/**
 * The person's answer on the consent page. The request is checked again (the form is only what
 * the browser sent back); "deny" answers access_denied, "allow" writes the code and the consent in
 * one batch and sends the code (single use, 60 s, bound to client, redirect URI, PKCE challenge
 * and account). Returns where the browser goes next.
 */
export async function decide(env: Env, accountId: string, q: URLSearchParams, allow: boolean, now = Date.now()) {
  const check = await checkAuthorize(env, q);
  if (!check.ok) {
    if ('fatal' in check) throw new AppError(check.fatal);
    return check.redirect;
  }
  const { client, redirectUri, scopes, state, codeChallenge } = check.request;
  if (!allow) return errorRedirect(redirectUri, 'access_denied', state);
  const code = randomToken(32);
  const scope = scopes.join(' ');
  const repo = codesRepo(env.DB);
  const [written] = await runBatch(env.DB, [
    repo.insert({
      codeHash: await sha256Hex(code),
      grantId: newId(),
      clientId: client.id,
      accountId,
      redirectUri,
      scope,
      codeChallenge,
      createdAt: now,
      expiresAt: now + OB3_API.codeSeconds * 1000,
    }),
    repo.upsertConsent(accountId, client.id, scope, now),
  ]);
  // The account was closed meanwhile: nothing was written, and nobody is signed in any more.
  if (written?.meta.changes !== 1) throw new AppError('E401100');
  const url = new URL(redirectUri);
  url.searchParams.set('code', code);
  if (state !== null) url.searchParams.set('state', state);
  return url.href;
}
