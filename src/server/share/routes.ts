import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { shareImage } from './service';

export const SHARE_IMAGE_PATH = '/api/v1.0/openbadge/v2/Wallet/Public/ShareImage';

/**
 * The share image of a public badge (Open Graph / Twitter card). Revalidated on every use
 * (no-cache + ETag), so a badge made private disappears from caches at once (AZ-03).
 */
export const shareRoutes = new Hono<AppEnv>().get(`${SHARE_IMAGE_PATH}/:file{[A-Za-z0-9_-]+\\.png}`, async (c) => {
  const id = c.req.param('file').slice(0, -'.png'.length);
  const image = await shareImage(c.env, id, (p) => c.executionCtx.waitUntil(p));
  const etag = `"${image.etag}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'public, no-cache');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header(
    'Server-Timing',
    Object.entries(image.timings)
      .map(([k, v]) => `${k};dur=${v.toFixed(1)}`)
      .join(', '),
  );
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  c.header('Content-Type', 'image/png');
  return c.body(image.bytes);
});
