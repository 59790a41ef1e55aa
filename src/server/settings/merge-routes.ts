import { z } from '@hono/zod-openapi';
import { emailField, passwordField } from '../http/fields';
import { signedInUser } from '../middleware/require-user';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { confirmMerge, proveByCode, proveByPassword, sendMergeCode } from './merge-service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);

const P = '/Wallet/Setting/Merge';
const email = emailField;
const password = passwordField;
const preview = envelope.extend({
  merge_id: z.string(),
  badges: z.number(),
  imports: z.number(),
  emails: z.number(),
  certificates: z.number(),
  notifications: z.number(),
});

const prove = route({
  method: 'post',
  path: `${P}/Prove`,
  tags: ['Settings'],
  summary: 'Prove control of another wallet account (its password, or a code mailed to it); see what would move',
  description:
    'Give email with password, or email with the code from SendCode. E409114 the same account, E409115 already merged ' +
    'or closed, E401102/E423100 as a login, E400102/E410102 as a code.',
  request: {
    body: jsonBody(z.union([z.object({ email, password }), z.object({ email, code: z.string().regex(/^\d{6}$/) })])),
  },
  responses: okReply('Proven', preview),
});
const sendCode = route({
  method: 'post',
  path: `${P}/SendCode`,
  tags: ['Settings'],
  summary: 'Mail a six-digit code to the other account’s address (same answer for any address)',
  request: { body: jsonBody(z.object({ email })) },
  responses: okReply('Sent if the address belongs to an account'),
});
const confirm = route({
  method: 'post',
  path: `${P}/Confirm`,
  tags: ['Settings'],
  summary: 'Merge: badges, addresses, certificates and notifications move here in one step',
  description: 'Needs this account’s password (E400105). The other account can no longer sign in afterwards.',
  request: { body: jsonBody(z.object({ merge_id: z.string().max(64), password })) },
  responses: okReply('Merged'),
});

/** Account integration (spec §1, §4 "account merge"; ACC-05..09). */
export const mergeRoutes = router
  .openapi(prove, async (c) => {
    const b = c.req.valid('json');
    const user = signedInUser(c);
    const r =
      'password' in b
        ? await proveByPassword(c.env, user, b.email, b.password)
        : await proveByCode(c.env, user, b.email, b.code);
    return ok(c, r);
  })
  .openapi(sendCode, async (c) => {
    await sendMergeCode(c.env, signedInUser(c), c.req.valid('json').email);
    return ok(c, {});
  })
  .openapi(confirm, async (c) => {
    const b = c.req.valid('json');
    await confirmMerge(c.env, signedInUser(c), b.merge_id, b.password);
    return ok(c, {});
  });
