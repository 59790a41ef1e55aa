import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { validationHook } from '../http/validation';
import { emailsRepo } from './emails-repo';
import { addEmail, deleteEmail, resendEmailCode, setPrimaryEmail, verifyEmail } from './emails-service';

const P = '/api/v1.0/openbadge/v2/Wallet/Setting/Email';
const email = z.email().max(254);
const password = z.string().min(1).max(256);

const route = <T extends z.ZodObject>(name: string, summary: string, body: T, description = '') =>
  createRoute({
    method: 'post',
    path: `${P}/${name}`,
    tags: ['Settings'],
    summary,
    description,
    request: { body: jsonBody(body) },
    responses: okReply(summary),
  });

const list = createRoute({
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

const user = (c: { var: AppEnv['Variables'] }) => {
  if (!c.var.user) throw new AppError('E401100');
  return c.var.user;
};

/** Email management of account settings (spec §4, §8): every call for the signed-in account only. */
export const emailRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(list, async (c) => {
    const u = user(c);
    const rows = await emailsRepo(c.env.DB).list(u.accountId);
    return ok(c, {
      emails: rows.map((r) => ({
        email: r.email,
        primary_yn: r.is_primary ? ('Y' as const) : ('N' as const),
        verified: r.verified_at !== null,
        signed_in: r.email_normalized === u.loginEmail,
      })),
    });
  })
  .openapi(
    route(
      'Add',
      'Add an address: a six-digit code is mailed to it',
      z.object({ email, password }),
      'Needs the current password (SES-05). E409107 already on this account, E400105 password wrong, E429100 too many codes.',
    ),
    async (c) => {
      const b = c.req.valid('json');
      await addEmail(c.env, user(c), b.email, b.password);
      return ok(c, {});
    },
  )
  .openapi(route('ResendCode', 'Mail a new code to a pending address', z.object({ email })), async (c) => {
    await resendEmailCode(c.env, user(c), c.req.valid('json').email);
    return ok(c, {});
  })
  .openapi(
    route(
      'Verify',
      'Verify a pending address with its code',
      z.object({ email, code: z.string().regex(/^\d{6}$/) }),
      'E400102 wrong code (tries left), E410102 expired or used up, E409108 verified by another account meanwhile.',
    ),
    async (c) => {
      const b = c.req.valid('json');
      await verifyEmail(c.env, user(c), b.email, b.code);
      return ok(c, {});
    },
  )
  .openapi(route('SetPrimary', 'Make a verified address the primary one', z.object({ email })), async (c) => {
    await setPrimaryEmail(c.env, user(c), c.req.valid('json').email);
    return ok(c, {});
  })
  .openapi(
    route(
      'Delete',
      'Delete an address and the badges issued to it',
      z.object({ email, password }),
      'Not the address signed in with (E409110), not the last verified one (E409112). Needs the current password.',
    ),
    async (c) => {
      const b = c.req.valid('json');
      await deleteEmail(c.env, user(c), b.email, b.password);
      return ok(c, {});
    },
  );
