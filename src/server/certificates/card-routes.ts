import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { SHARE_IMAGE_FOLDER } from '../share/paths';
import { sendCard } from '../share/routes';
import { heldRecordShareImage } from '../clr/hold/card';
import { certificateShareImage } from './card-service';

const CARD = `${SHARE_IMAGE_FOLDER}/acaddoc`;

const RECORD_CARD = `${SHARE_IMAGE_FOLDER}/record`;
const FILE = ':file{[A-Za-z0-9_-]+\\.png}';

/**
 * The share images of a public certificate and of a public held learner record (issue 38): plain
 * GETs, like the badges' cards, since crawlers fetch them.
 */
export const acadCardRoutes = new Hono<AppEnv>()
  .get(`${CARD}/${FILE}`, async (c) =>
    sendCard(
      c,
      await certificateShareImage(c.env, c.req.param('file').slice(0, -'.png'.length), (p) =>
        c.executionCtx.waitUntil(p),
      ),
    ),
  )
  .get(`${RECORD_CARD}/${FILE}`, async (c) =>
    sendCard(
      c,
      await heldRecordShareImage(c.env, c.req.param('file').slice(0, -'.png'.length), c.var.lang, (p) =>
        c.executionCtx.waitUntil(p),
      ),
    ),
  );
