import { z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { ok } from '../http/envelope';
import { jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS, SIGNED_IN } from '../middleware/rules';
import { DEFAULT_BADGE_IMAGE } from '../../lib/paths';
import { hostDetailItem } from './host-present';
import { deleteHost, ownedHost, publicHost, visibleHost } from './host-service';
import { detailItem } from './present';
import { publicUnacquired } from './service';

const W = '/Wallet';
const id = z.object({ access_token: z.string().optional(), assertion_id: z.string().min(1).max(64) });
const signedIn = apiRouter(SIGNED_IN);
const anonymous = apiRouter(ANONYMOUS);
const call = <N extends string>(on: typeof signedIn, path: N, tag: string, summary: string) =>
  on.route({
    method: 'post',
    path: `${W}/${path}`,
    tags: [tag],
    summary,
    request: { body: jsonBody(id) },
    responses: okReply(summary),
  });

const getHost = call(signedIn, 'GetHostAssertion', 'Wallet', 'One imported badge of the wallet (404 if not yours)');
const deleteHostCall = call(signedIn, 'DeleteHostAssertion', 'Wallet', 'Delete an imported badge (irreversible)');
const publicHostCall = call(anonymous, 'Public/GetHostAssertion', 'Public', 'One public imported badge (no login)');
const unacquired = call(
  anonymous,
  'Public/GetAssertionUnAcquired',
  'Public',
  'An issued badge not yet received (no login)',
);

/** Imported badges ("host assertions") and the public view of unreceived badges (spec §2, §7). */
export const hostRoutes = signedIn.router
  .openapi(getHost, async (c) => {
    const row = await ownedHost(c.env.DB, c.req.valid('json').assertion_id, c.var.user?.accountId ?? '');
    return ok(c, { assertion: hostDetailItem(row, Date.now()) });
  })
  .openapi(deleteHostCall, async (c) => {
    await deleteHost(c.env, c.req.valid('json').assertion_id, c.var.user?.accountId ?? '');
    return ok(c, {});
  });

/** The public views of an imported badge and of a badge not yet received. */
export const publicHostRoutes = anonymous.router
  .openapi(publicHostCall, async (c) => {
    const row = await publicHost(c.env.DB, c.req.valid('json').assertion_id);
    return ok(c, { assertion: { ...hostDetailItem(row, Date.now()), assertion_email: null } });
  })
  .openapi(unacquired, async (c) => {
    const b = await publicUnacquired(c.env.DB, c.req.valid('json').assertion_id);
    return ok(c, { assertion: { ...detailItem(b, Date.now()), assertion_email: null } });
  });

/** The stored image of an imported badge: public while the badge is, else the owner's alone. */
export const hostImageRoutes = new Hono<AppEnv>().get('/Assertion/Host/:id/image', async (c) => {
  const row = await visibleHost(c.env.DB, c.req.param('id'), c.var.user?.accountId ?? null);
  const obj = row.imageKey ? await c.env.BUCKET.get(row.imageKey) : null;
  // Spec §3: a default image when none exists.
  if (!obj) return c.redirect(DEFAULT_BADGE_IMAGE, 302);
  c.header('Content-Type', obj.httpMetadata?.contentType === 'image/png' ? 'image/png' : 'image/svg+xml');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', row.isPublic ? 'public, no-cache' : 'private, no-store');
  return c.body(obj.body);
});
