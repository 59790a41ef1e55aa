import { z } from '@hono/zod-openapi';
import { ANONYMOUS } from '../middleware/rules';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { apiRouter } from '../middleware/router';
import { unsubscribeInfo } from './reception-service';

const { router, route } = apiRouter(ANONYMOUS);

const oneClick = route({
  method: 'post',
  path: '/MailReception/OneClick',
  tags: ['Account'],
  summary: 'RFC 8058 one-click unsubscribe: information mail off for the account of the mail’s link',
  description:
    'The List-Unsubscribe URL of information mail; mail providers POST `List-Unsubscribe=One-Click` to it. ' +
    'The token (query) names the account; repeating it changes nothing more. E404111: no such link, or expired.',
  request: { query: z.object({ token: z.string().max(200) }) },
  responses: {
    200: {
      description: 'Information mail is off',
      content: { 'application/json': { schema: z.object({ status: z.number() }) } },
    },
  },
});

/** Anonymous mail-reception calls (issue 20): the one-click unsubscribe of information mail. */
export const receptionRoutes = router.openapi(oneClick, async (c) => {
  if (!(await unsubscribeInfo(c.env, c.req.valid('query').token))) throw new AppError('E404111');
  return ok(c, {});
});
