import { z } from '@hono/zod-openapi';
import { signedInUser } from '../middleware/require-user';
import { SIGNED_IN } from '../middleware/rules';
import { ok } from '../http/envelope';
import { passwordField } from '../http/fields';
import { envelope, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { authenticationResponse } from '../passkeys/schemas';
import { twoStepStatus } from '../mfa/service';
import { confirmAppCodes, startAppCodes, turnOffAppCodes } from './two-step-service';

const { router, route } = apiRouter(SIGNED_IN);
const base = '/Wallet/Setting/TwoStep';

const status = route({
  method: 'post',
  path: `${base}/Status`,
  tags: ['Settings'],
  summary: 'Whether authenticator-app codes are on, and how many recovery codes are left (issue 22)',
  responses: okReply('Status', envelope.extend({ app_codes: z.boolean(), recovery_codes_left: z.number() })),
});

const start = route({
  method: 'post',
  path: `${base}/AppCodes/Start`,
  tags: ['Settings'],
  summary: 'Start turning on authenticator-app codes: the QR code and secret to add to the app',
  description:
    'Needs the password (E400105). Nothing changes at sign-in until Confirm. Already on: 409 E409140. Portal users (type 1): 403 E403140, the portal signs them in.',
  request: { body: jsonBody(z.object({ password: passwordField })) },
  responses: okReply(
    'Enrolment started',
    envelope.extend({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }),
  ),
});

const confirm = route({
  method: 'post',
  path: `${base}/AppCodes/Confirm`,
  tags: ['Settings'],
  summary: 'Turn on authenticator-app codes with a code from the app; returns ten recovery codes, shown once',
  description: 'Wrong code: 400 E400140. Nothing started or replaced by a newer start: 409 E409141.',
  request: { body: jsonBody(z.object({ code: z.string().trim().min(1).max(16) })) },
  responses: okReply('On', envelope.extend({ recovery_codes: z.array(z.string()) })),
});

const off = route({
  method: 'post',
  path: `${base}/AppCodes/Off`,
  tags: ['Settings'],
  summary: 'Turn off authenticator-app codes (needs the password or a passkey); recovery codes go with them',
  description:
    'One of `password` (wrong: 400 E400105) or `passkey_response`, an assertion for a challenge from Passkeys/Reauth/Options made by one of this account’s passkeys (refusals: the passkey codes E400150-E400156, E401150, E401151); given both, the passkey is checked.',
  request: {
    body: jsonBody(
      z
        .object({ password: passwordField.optional(), passkey_response: authenticationResponse.optional() })
        .refine((b) => b.password !== undefined || b.passkey_response !== undefined, {
          params: { key: 'validation.required' },
          path: ['password'],
        }),
    ),
  },
  responses: okReply('Off'),
});

/** Settings of the second sign-in step (issue 22, Deliver 2). */
export const twoStepRoutes = router
  .openapi(status, async (c) => {
    const s = await twoStepStatus(c.env.DB, signedInUser(c).accountId);
    return ok(c, { app_codes: s.enabled, recovery_codes_left: s.recoveryLeft });
  })
  .openapi(start, async (c) => {
    const r = await startAppCodes(c.env, signedInUser(c), c.req.valid('json').password);
    return ok(c, { secret: r.secret, otpauth_uri: r.uri, qr_svg: r.qrSvg });
  })
  .openapi(confirm, async (c) => {
    const codes = await confirmAppCodes(c.env, signedInUser(c), c.req.valid('json').code);
    return ok(c, { recovery_codes: codes });
  })
  .openapi(off, async (c) => {
    const body = c.req.valid('json');
    await turnOffAppCodes(c.env, signedInUser(c), { password: body.password, passkeyResponse: body.passkey_response });
    return ok(c, {});
  });
