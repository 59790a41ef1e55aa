import type { Context } from 'hono';
import { path } from '../../lib/paths';
import type { AppEnv } from '../context';
import { runBatch } from '../db/batch';
import { findProvider } from './config';
import { clearPortalSessionCookie, portalSessionHash } from './cookies';
import { providerMetadata } from './metadata';
import { portalSessionRepo } from './session-repo';

/**
 * Sign-out of a portal user (issue 20 item 4): the portal session behind this browser's wallet
 * session (or its portal cookie) ends with every wallet session minted from it. When the provider
 * is configured with `logout: true` and publishes an end_session_endpoint, answers the RP-initiated
 * logout URL for the client to navigate to (id_token_hint, client_id, post_logout_redirect_uri).
 */
export async function endPortalSession(c: Context<AppEnv>): Promise<string | null> {
  const repo = portalSessionRepo(c.env.DB);
  const walletHash = c.var.sessionTokenHash;
  const fromWallet = walletHash ? await repo.ofWalletSession(walletHash) : null;
  const cookieHash = await portalSessionHash(c);
  clearPortalSessionCookie(c);
  const idHash = fromWallet?.idHash ?? cookieHash;
  if (!idHash) return null;
  const row = fromWallet ?? (await repo.live(idHash, 0));
  await runBatch(c.env.DB, repo.endStatements(idHash));
  const provider = row ? findProvider(c.env, row.providerId) : null;
  if (!row || !provider?.logout) return null;
  try {
    const as = await providerMetadata(provider);
    if (!as.end_session_endpoint) return null;
    const url = new URL(as.end_session_endpoint);
    url.searchParams.set('id_token_hint', row.idToken);
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('post_logout_redirect_uri', new URL(path('/login'), c.env.PUBLIC_BASE_URL).href);
    return url.href;
  } catch {
    // The portal is down: Lanyard's side is signed out all the same.
    return null;
  }
}
