import { Hono, type Context } from 'hono';
import { discoveryShareImage, type CardKind } from './discovery-cards';
import type { AppEnv } from '../context';
import { SHARE_IMAGE_FOLDER } from './paths';
import { shareImage } from './service';

type Card = { etag: string; bytes: Uint8Array; timings: Record<string, number> };

/**
 * Answers with a rendered card. Revalidated on every use (no-cache + ETag), so a badge made private
 * disappears from caches at once (AZ-03).
 */
export function sendCard(c: Context<AppEnv>, image: Card) {
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
  return c.body(image.bytes as Uint8Array<ArrayBuffer>);
}

const PNG_FILE = '[A-Za-z0-9_-]+\\.png';
const idOf = (file: string) => file.slice(0, -'.png'.length);

/** The share images: of a public badge, and of the discovery pages (badge class, issuer, skill). */
export const shareRoutes = new Hono<AppEnv>()
  .get(`${SHARE_IMAGE_FOLDER}/:file{${PNG_FILE}}`, async (c) =>
    sendCard(c, await shareImage(c.env, idOf(c.req.param('file')), (p) => c.executionCtx.waitUntil(p))),
  )
  .get(`${SHARE_IMAGE_FOLDER}/:kind{class|issuer|skill}/:file{${PNG_FILE}}`, async (c) =>
    sendCard(
      c,
      await discoveryShareImage(c.env, c.req.param('kind') as CardKind, idOf(c.req.param('file')), c.var.lang, (p) =>
        c.executionCtx.waitUntil(p),
      ),
    ),
  );
