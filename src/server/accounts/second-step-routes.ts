import { z } from '@hono/zod-openapi';
import { ANONYMOUS } from '../middleware/rules';
import { ok } from '../http/envelope';
import { jsonBody } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { finishSecondStep } from './second-step';
import { secondStepBody } from './schemas';

const { router, route } = apiRouter(ANONYMOUS);

const secondStep = route({
  method: 'post',
  path: '/LoginSecondStep',
  tags: ['Account'],
  summary: 'Second sign-in step: an authenticator-app code or a recovery code (issue 22)',
  description:
    'Completes the sign-in Login left pending (its HttpOnly cookie). A 6-digit app code is accepted once; a recovery code (16 letters and digits, dashes optional) once ever. Wrong or reused codes count toward the same lockout as passwords: 401 E401140 with the attempts left, then 423 E423100. No pending sign-in (expired after 5 minutes, or already completed): 401 E401141. Success sets the session cookies as Login does.',
  request: { body: jsonBody(secondStepBody) },
  responses: {
    200: {
      description: 'Signed in',
      content: {
        'application/json': {
          schema: z.object({ status: z.number(), account_id: z.string(), user_type: z.number() }),
        },
      },
    },
  },
});

/** The second step of a sign-in with app codes on (mounted under the account API, anonymous). */
export const secondStepRoutes = router.openapi(secondStep, async (c) => {
  const account = await finishSecondStep(c, c.req.valid('json').code);
  return ok(c, { account_id: account.id, user_type: account.userType });
});
