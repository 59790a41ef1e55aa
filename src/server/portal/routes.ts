import { z } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { path } from '../../lib/paths';
import { ANONYMOUS } from '../middleware/rules';
import { loadSession } from '../middleware/session';
import { CONFIG } from '../config';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { limitBody } from '../middleware/body-limit';
import { errorBody } from '../http/envelope';
import { apiRouter } from '../middleware/router';
import { backchannelLogout } from './backchannel';
import { completeChoice } from './existing-service';
import { completePortalLogin, startPortalLogin } from './flow-service';
import { safeReturnUrl } from './return-url';
import { mintAccessToken, portalLoginUrl } from './token-service';

/** Every refusal of the browser flow: no session, a 303 to the translated error page with its code. */
function toErrorPage(c: Context<AppEnv>, err: unknown): Response {
  if (!(err instanceof AppError)) throw err;
  c.var.log.info('portal sign-in refused', { code: err.code });
  return c.redirect(`${path('/portal/error')}?code=${err.code}`, 303);
}

const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');

/** The browser side of portal sign-in, under the wallet's base path (issue 20 items 1 and 3). */
export const portalFlowRoutes = new Hono<AppEnv>()
  .get('/login', async (c) => {
    noStore(c);
    try {
      const q = c.req.query();
      return c.redirect(
        await startPortalLogin(c, { provider: q['provider'], returnTo: q['returnTo'], prompt: q['prompt'] }),
        303,
      );
    } catch (err) {
      return toErrorPage(c, err);
    }
  })
  // The browser's current wallet session (if any) is replaced by the one a sign-in starts.
  .get('/callback', loadSession(), async (c) => {
    noStore(c);
    try {
      return c.redirect(await completePortalLogin(c), 303);
    } catch (err) {
      return toErrorPage(c, err);
    }
  })
  .post('/existing', limitBody(CONFIG.jsonBodyMaxBytes), loadSession(), async (c) => {
    noStore(c);
    const form = await c.req.formData().catch(() => new FormData());
    const field = (n: string) => {
      const v = form.get(n);
      return typeof v === 'string' ? v.slice(0, 256) : '';
    };
    try {
      return c.redirect(await completeChoice(c, field('choice'), field('password')), 303);
    } catch (err) {
      if (!(err instanceof AppError) || err.code === 'E410120') return toErrorPage(c, err);
      // Wrong password or locked: back to the choice with the message (attempts left included).
      const again = new URL(safeReturnUrl(c.env, path('/portal/existing')));
      again.searchParams.set('code', err.code);
      if (err.params['count'] !== undefined) again.searchParams.set('count', String(err.params['count']));
      if (err.params['minutes'] !== undefined) again.searchParams.set('minutes', String(err.params['minutes']));
      return c.redirect(again.pathname + again.search, 303);
    }
  });

/**
 * Spec §6/§7: POST /ns/login/GetApiAccessToken.ashx. A same-origin POST (the cross-site guard runs
 * first, as for every POST: it sets cookies). 200 {status, access_token}, or 401 with E401121 and
 * the portal login URL that returns to `return_url`.
 */
export const accessTokenRoutes = new Hono<AppEnv>().post(
  '/GetApiAccessToken.ashx',
  limitBody(CONFIG.jsonBodyMaxBytes),
  async (c) => {
    noStore(c);
    try {
      const token = await mintAccessToken(c);
      return c.json({ status: 200, access_token: token });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const body = (await c.req.json().catch(() => ({}))) as { return_url?: unknown };
      const returnUrl = typeof body.return_url === 'string' ? body.return_url : undefined;
      return c.json({ ...errorBody(err, c.var.t), login_url: portalLoginUrl(c.env, returnUrl) }, err.status);
    }
  },
);

const { router, route } = apiRouter(ANONYMOUS);

const backchannel = route({
  method: 'post',
  path: '/BackchannelLogout',
  tags: ['Account'],
  summary: 'OpenID Connect back-channel logout: the portal ends its user’s Lanyard sessions',
  description:
    'Server to server (OpenID Connect Back-Channel Logout 1.0). Form field logout_token: a JWT signed by the provider (its JWKS, allow-listed algorithms) with iss, aud, iat, jti, the logout event, sid and/or sub, and no nonce. Every portal and wallet session of that sid (or sub) ends. 200 on success, 400 on a bad or replayed token.',
  request: {
    body: {
      content: { 'application/x-www-form-urlencoded': { schema: z.object({ logout_token: z.string().max(16384) }) } },
      required: true,
    },
  },
  responses: { 200: { description: 'Sessions ended' }, 400: { description: 'Bad logout token' } },
});

export const backchannelRoutes = router.openapi(
  backchannel,
  async (c) => {
    noStore(c);
    const { logout_token: token } = c.req.valid('form');
    if (await backchannelLogout(c.env, token)) return c.body(null, 200);
    return c.json({ error: 'invalid_request' }, 400);
  },
  (result, c) => (result.success ? undefined : c.json({ error: 'invalid_request' }, 400)),
);
