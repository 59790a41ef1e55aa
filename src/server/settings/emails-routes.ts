import { z } from '@hono/zod-openapi';
import { emailField, passwordField } from '../http/fields';
import { signedInUser } from '../middleware/require-user';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { addEmail, deleteEmail, listEmails, resendEmailCode, setPrimaryEmail, verifyEmail } from './emails-service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);

const P = '/Wallet/Setting/Email';
const email = emailField;
const password = passwordField;

const call = <N extends string, T extends z.ZodObject>(name: N, summary: string, body: T, description = '') =>
  route({
    method: 'post',
    path: `${P}/${name}`,
    tags: ['Settings'],
    summary,
    description,
    request: { body: jsonBody(body) },
    responses: okReply(summary),
  });

const list = route({
  method: 'post',
  path: `${P}/List`,
  tags: ['Settings'],
  summary: 'The account’s addresses: primary mark, verified or pending',
  request: { body: jsonBody(z.object({ access_token: z.string().optional() })) },
  responses: okReply(
    'Addresses',
    envelope.extend({
      emails: z.array(
        z.object({ email: z.string(), primary_yn: z.enum(['Y', 'N']), verified: z.boolean(), signed_in: z.boolean() }),
      ),
    }),
  ),
});

/** Email management of account settings (spec §4, §8): every call for the signed-in account only. */
export const emailRoutes = router
  .openapi(list, async (c) => {
    return ok(c, { emails: await listEmails(c.env, signedInUser(c)) });
  })
  .openapi(
    call(
      'Add',
      'Add an address: a six-digit code is mailed to it',
      z.object({ email, password }),
      'Needs the current password (SES-05). E409107 already on this account, E400105 password wrong, E429100 too many codes.',
    ),
    async (c) => {
      const b = c.req.valid('json');
      await addEmail(c.env, signedInUser(c), b.email, b.password);
      return ok(c, {});
    },
  )
  .openapi(call('ResendCode', 'Mail a new code to a pending address', z.object({ email })), async (c) => {
    await resendEmailCode(c.env, signedInUser(c), c.req.valid('json').email);
    return ok(c, {});
  })
  .openapi(
    call(
      'Verify',
      'Verify a pending address with its code',
      z.object({ email, code: z.string().regex(/^\d{6}$/) }),
      'E400102 wrong code (tries left), E410102 expired or used up, E409108 verified by another account meanwhile.',
    ),
    async (c) => {
      const b = c.req.valid('json');
      await verifyEmail(c.env, signedInUser(c), b.email, b.code);
      return ok(c, {});
    },
  )
  .openapi(call('SetPrimary', 'Make a verified address the primary one', z.object({ email })), async (c) => {
    await setPrimaryEmail(c.env, signedInUser(c), c.req.valid('json').email);
    return ok(c, {});
  })
  .openapi(
    call(
      'Delete',
      'Delete an address and the badges issued to it',
      z.object({ email, password }),
      'Not the address signed in with (E409110), not the last verified one (E409112). Needs the current password.',
    ),
    async (c) => {
      const b = c.req.valid('json');
      await deleteEmail(c.env, signedInUser(c), b.email, b.password);
      return ok(c, {});
    },
  );
