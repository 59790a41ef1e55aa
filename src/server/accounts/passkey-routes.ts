import { z } from '@hono/zod-openapi';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { ANONYMOUS } from '../middleware/rules';
import { ok } from '../http/envelope';
import { envelope, envelopeOf, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { authenticationResponse } from '../passkeys/schemas';
import {
  finishSecondStepWithPasskey,
  passkeySignInOptions,
  secondStepPasskeyOptions,
  signInWithPasskey,
} from './passkey-sign-in';

const { router, route } = apiRouter(ANONYMOUS);

const requestOptions = envelopeOf<{ options: PublicKeyCredentialRequestOptionsJSON }>();
const signedIn = envelope.extend({ account_id: z.string(), user_type: z.number() });
const assertionBody = jsonBody(z.object({ response: authenticationResponse }));

const signInOptions = route({
  method: 'post',
  path: '/LoginPasskey/Options',
  tags: ['Account'],
  summary: 'Sign in with a passkey alone, step 1: options for navigator.credentials.get() (issue 22)',
  description:
    'PublicKeyCredentialRequestOptionsJSON with an empty allowCredentials (discoverable passkeys), user verification required; the challenge lives 5 minutes and is used once. Throttled per client address: 429 E429100.',
  responses: okReply('Options', requestOptions),
});

const signIn = route({
  method: 'post',
  path: '/LoginPasskey',
  tags: ['Account'],
  summary: 'Sign in with a passkey alone, step 2: the browser’s answer (AuthenticationResponseJSON)',
  description:
    'Signs in as Login does (session cookies, device notice), with no second step after it: a passkey with user verification is two factors. Refusals: E400150 unreadable, E400151 another origin, E400152 another RP id, E400153/E400154/E400155 challenge unknown (or of another step), used, expired, E400156 no user verification, E401150 passkey not recognised (unknown, removed, closed account, user handle mismatch, signature), E401151 counter went backwards, E401122 portal user.',
  request: { body: assertionBody },
  responses: okReply('Signed in', signedIn),
});

const secondOptions = route({
  method: 'post',
  path: '/LoginSecondStep/Passkey/Options',
  tags: ['Account'],
  summary: 'Second sign-in step with a passkey, step 1: options (needs the pending sign-in cookie)',
  description:
    'allowCredentials lists the pending account’s passkeys. No pending sign-in: 401 E401141. The account has no passkey: 404 E404150.',
  responses: okReply('Options', requestOptions),
});

const second = route({
  method: 'post',
  path: '/LoginSecondStep/Passkey',
  tags: ['Account'],
  summary: 'Second sign-in step with a passkey, step 2: the browser’s answer',
  description:
    'Completes the sign-in Login left pending. A refused passkey (another account’s, removed, wrong site, no user verification, counter, signature) counts toward the same lockout as passwords and codes: 401 E401152 with the attempts left, then 423 E423100. A stale request: E400153/E400154/E400155 (not counted). No pending sign-in: 401 E401141.',
  request: { body: assertionBody },
  responses: okReply('Signed in', signedIn),
});

/** Passkey sign-in, alone or as the second step (mounted under the account API, anonymous). */
export const passkeySignInRoutes = router
  .openapi(signInOptions, async (c) => ok(c, { options: await passkeySignInOptions(c) }))
  .openapi(signIn, async (c) => {
    const account = await signInWithPasskey(c, c.req.valid('json').response);
    return ok(c, { account_id: account.id, user_type: account.userType });
  })
  .openapi(secondOptions, async (c) => ok(c, { options: await secondStepPasskeyOptions(c) }))
  .openapi(second, async (c) => {
    const account = await finishSecondStepWithPasskey(c, c.req.valid('json').response);
    return ok(c, { account_id: account.id, user_type: account.userType });
  });
