import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { sendCard, SHARE_IMAGE_PATH } from '../share/routes';
import { certificateShareImage } from './card-service';

const CARD = '/Wallet/Public/ShareImage/acaddoc';
/** Where a certificate's share image is served: its public page builds the absolute address from it. */
export const CERTIFICATE_CARD_PATH = `${SHARE_IMAGE_PATH}/acaddoc`;

/** The share image of a public certificate (a plain GET, like the badges' cards: crawlers fetch it). */
export const acadCardRoutes = new Hono<AppEnv>().get(`${CARD}/:file{[A-Za-z0-9_-]+\\.png}`, async (c) =>
  sendCard(
    c,
    await certificateShareImage(c.env, c.req.param('file').slice(0, -'.png'.length), (p) =>
      c.executionCtx.waitUntil(p),
    ),
  ),
);
