import { sha256Hex } from '../auth/tokens';
import { runBatch } from '../db/batch';
import type { Ob3ClientRow } from '../db/schema/ob3api';
import { OAuthError } from './oauth-error';
import { param } from './token';
import { tokensRepo } from './tokens-repo';

/**
 * RFC 7009: revokes one of the client's own tokens (a refresh token ends its whole grant). Unknown
 * or foreign tokens change nothing and are not reported, so the call reveals nothing (§2.2).
 */
export async function revokeToken(env: Env, client: Ob3ClientRow, form: URLSearchParams, now = Date.now()) {
  const token = param(form, 'token');
  if (!token) throw new OAuthError('invalid_request', 'E400160');
  if (token.length > 128) return;
  await runBatch(env.DB, tokensRepo(env.DB).revoke(await sha256Hex(token), client.id, now));
}
