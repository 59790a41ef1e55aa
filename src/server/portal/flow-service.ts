import type { Context } from 'hono';
import { normalizeEmail } from '../../lib/email';
import { path } from '../../lib/paths';
import { accountRepo } from '../accounts/account-repo';
import { sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { findProvider } from './config';
import { bindingHash, clearBinding, extendBinding, FLOW_SECONDS, newBinding } from './cookies';
import { flowRepo } from './flow-repo';
import { resolveIdentity } from './link-service';
import { authorizationUrl, completeSignIn, freshSecrets, type PortalClaims } from './oidc';
import { safeReturnUrl } from './return-url';
import { signInPortalUser } from './sign-in';

/** The redirect URI registered at every provider: one per wallet, on its public origin. */
export const callbackUrl = (env: Env) => `${new URL(env.PUBLIC_BASE_URL).origin}${path('/portal/callback')}`;

/** Re-authentication prompts the client may ask for (the merge confirmation sends prompt=login). */
const PROMPTS = new Set(['login', 'consent', 'select_account']);

/**
 * Starts a portal sign-in (issue 20 item 1): a flow row with fresh state, nonce and PKCE verifier,
 * bound to this browser by a new cookie, then the provider's authorization URL.
 */
export async function startPortalLogin(
  c: Context<AppEnv>,
  q: { provider?: string | undefined; returnTo?: string | undefined; prompt?: string | undefined },
): Promise<string> {
  const provider = findProvider(c.env, q.provider);
  if (!provider) throw new AppError('E400120');
  const secrets = freshSecrets();
  const url = await authorizationUrl(provider, callbackUrl(c.env), secrets, {
    prompt: q.prompt && PROMPTS.has(q.prompt) ? q.prompt : undefined,
    uiLocales: c.var.lang,
  });
  const now = Date.now();
  await flowRepo(c.env.DB).insertFlow({
    stateHash: await sha256Hex(secrets.state),
    bindingHash: await newBinding(c),
    providerId: provider.id,
    nonce: secrets.nonce,
    codeVerifier: secrets.codeVerifier,
    returnTo: safeReturnUrl(c.env, q.returnTo),
    language: c.var.lang,
    createdAt: now,
    expiresAt: now + FLOW_SECONDS * 1000,
  });
  return url;
}

/** The address a type-1 session names as the one signed in with: the provider's, when verified. */
export const loginEmailOf = (claims: Pick<PortalClaims, 'email' | 'emailVerified'>) =>
  claims.email && claims.emailVerified ? normalizeEmail(claims.email) : '';

/**
 * The provider's answer (issue 20 items 1 and 3): the flow of this state AND this browser is taken
 * once, the response and ID token are validated, and the identity is resolved to an account that is
 * signed in, or to the existing-account choice. Answers where the browser goes next.
 */
export async function completePortalLogin(c: Context<AppEnv>): Promise<string> {
  const url = new URL(c.req.url);
  const state = url.searchParams.get('state');
  const binding = await bindingHash(c);
  if (!state || state.length > 256 || !binding) throw new AppError('E401120');
  const flow = await flowRepo(c.env.DB).consumeFlow(await sha256Hex(state), binding, Date.now());
  if (!flow) throw new AppError('E401120');
  const provider = findProvider(c.env, flow.providerId);
  if (!provider) throw new AppError('E400120');
  const claims = await completeSignIn(provider, callbackUrl(c.env), url, {
    state,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
  });
  const found = await resolveIdentity(c.env.DB, provider.id, claims, {
    language: flow.language,
    bindingHash: binding,
    returnTo: flow.returnTo,
  });
  if ('pending' in found) {
    extendBinding(c);
    return safeReturnUrl(c.env, path('/portal/existing'));
  }
  clearBinding(c);
  const account = await accountRepo(c.env.DB).profile(found.accountId);
  if (!account || account.status !== 'active') throw new AppError('E401120');
  await signInPortalUser(c, account, provider.id, claims, loginEmailOf(claims));
  return flow.returnTo;
}
