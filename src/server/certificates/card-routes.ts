import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { SHARE_IMAGE_FOLDER } from '../share/paths';
import { sendCard } from '../share/routes';
import { certificateShareImage } from './card-service';

const CARD = `${SHARE_IMAGE_FOLDER}/acaddoc`;

/** The share image of a public certificate (a plain GET, like the badges' cards: crawlers fetch it). */
export const acadCardRoutes = new Hono<AppEnv>().get(`${CARD}/:file{[A-Za-z0-9_-]+\\.png}`, async (c) =>
  sendCard(
    c,
    await certificateShareImage(c.env, c.req.param('file').slice(0, -'.png'.length), (p) =>
      c.executionCtx.waitUntil(p),
    ),
  ),
);
