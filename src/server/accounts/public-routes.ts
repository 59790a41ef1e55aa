import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { requestPasswordLink, resetPassword } from './password-reset';
import { activate, register } from './registration';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS } from '../middleware/rules';
import { activateBody, createAccountBody, forgotBody, resetBody } from './schemas';

const { router, route } = apiRouter(ANONYMOUS);

const envelope = z.object({ status: z.number() });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const done = (description: string) => ({ 200: { description, content: { 'application/json': { schema: envelope } } } });

const createAccount = route({
  method: 'post',
  path: '/CreateAccount',
  tags: ['Account'],
  summary: 'Registration step 3: provisional registration; the activation mail is sent',
  description:
    'Answers the same for every address; an address that already has an account gets a mail instead (no on-screen hint).',
  request: { body: json(createAccountBody) },
  responses: done('Provisional registration mail sent'),
});

const activateAccount = route({
  method: 'post',
  path: '/ActivateAccount',
  tags: ['Account'],
  summary: 'Activate an account from the /activation/{token} link',
  description: 'Errors: E409101 already created, E410100 link expired, E404103 no registration for this link.',
  request: { body: json(activateBody) },
  responses: done('Registration completed'),
});

const forgot = route({
  method: 'post',
  path: '/ForgotPassword',
  tags: ['Account'],
  summary: 'Mail a single-use password link (reset, or initial for accounts without one)',
  description: 'Always answers 200, whether or not the address has an account.',
  request: { body: json(forgotBody) },
  responses: done('If the address has an account, a link was mailed'),
});

const reset = route({
  method: 'post',
  path: '/ResetPassword',
  tags: ['Account'],
  summary: 'Set a new password from a mailed link; ends every session and lifts a lockout',
  description: 'Errors: E410101 link expired or used; E400100 with the password rule that failed.',
  request: { body: json(resetBody) },
  responses: done('Password set'),
});

/** The account calls that need no session: registration, activation, forgotten password. */
export const publicAccountRoutes = router
  .openapi(createAccount, async (c) => {
    await register(c.env, c.req.valid('json'), c.var.lang);
    return ok(c, {});
  })
  .openapi(activateAccount, async (c) => {
    await activate(c.env, c.req.valid('json').token);
    return ok(c, {});
  })
  .openapi(forgot, async (c) => {
    await requestPasswordLink(c.env, c.req.valid('json').email);
    return ok(c, {});
  })
  .openapi(reset, async (c) => {
    const body = c.req.valid('json');
    await resetPassword(c.env, body.token, body.password, body.confirm_password);
    return ok(c, {});
  });
