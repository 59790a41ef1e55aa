import { Hono } from 'hono';
import { path } from '../../lib/paths';
import { loadSession } from '../middleware/session';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { limitBody } from '../middleware/body-limit';
import { clientKey } from '../http/throttle';
import { checkAuthorize } from './authorize';
import { authenticateClient } from './client-auth';
import { OB3_API } from './config';
import { decide } from './consent';
import { oauthOnError } from './oauth-error';
import { registerClient } from './register';
import { revokeToken } from './revoke';
import { exchange } from './token';

const FORM = 'application/x-www-form-urlencoded';

/** A form body (RFC 6749 §3.2: token and revocation requests are form-encoded). */
async function formBody(req: Request): Promise<URLSearchParams> {
  if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith(FORM)) throw new AppError('E415100');
  return new URLSearchParams(new TextDecoder().decode(await req.arrayBuffer()));
}

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/**
 * The OAuth 2.0 endpoints of the OB 3.0 host (1EdTech OB 3.0 §6.1-6.2): registration (RFC 7591),
 * authorization with consent, token and revocation (RFC 7009). Errors are RFC 6749 JSON.
 */
export const oauthRoutes = new Hono<AppEnv>()
  .use('*', limitBody(OB3_API.oauthBodyMaxBytes))
  .post('/register', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError('E400101');
    }
    return c.json(await registerClient(c.env, body, clientKey(c.req.raw.headers)), 201, noStore);
  })
  // Checked here so a bad client or redirect URI is never redirected to; the consent page (which
  // signs the person in first when needed) checks the request again.
  .get('/authorize', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const check = await checkAuthorize(c.env, query);
    if (!check.ok && 'fatal' in check) throw new AppError(check.fatal);
    if (!check.ok) return c.redirect(check.redirect, 302);
    return c.redirect(`${path('/oauth/authorize')}?${query.toString()}`, 302);
  })
  // The consent page's answer: same-origin only (the cross-site guard), with the wallet session.
  .post('/authorize', loadSession(), async (c) => {
    const user = c.var.user;
    if (!user) throw new AppError('E401100');
    const form = await formBody(c.req.raw);
    const allow = form.get('decision') === 'allow';
    form.delete('decision');
    return c.redirect(await decide(c.env, user.accountId, form, allow), 303);
  })
  .post('/token', async (c) => {
    const client = await authenticateClient(c.env, c.req.header('authorization'));
    const tokens = await exchange(c.env, client, await formBody(c.req.raw));
    return c.json(tokens, 200, noStore);
  })
  // RFC 7009 §2.2: 200 whether or not the token was valid, once the client is authenticated.
  .post('/revoke', async (c) => {
    const client = await authenticateClient(c.env, c.req.header('authorization'));
    await revokeToken(c.env, client, await formBody(c.req.raw));
    return c.body(null, 200, noStore);
  })
  .onError(oauthOnError);
