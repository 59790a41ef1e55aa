import { z } from '@hono/zod-openapi';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { signedInUser } from '../middleware/require-user';
import { SIGNED_IN } from '../middleware/rules';
import { ok } from '../http/envelope';
import { passwordField } from '../http/fields';
import { envelope, envelopeOf, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { passkeyId, passkeyName, registrationResponse } from '../passkeys/schemas';
import { listPasskeys, renamePasskey, type PasskeySummary } from '../passkeys/service';
import {
  finishPasskeyRegistration,
  passkeyReauthOptions,
  removePasskeyChecked,
  startPasskeyRegistration,
} from './passkey-service';

const { router, route } = apiRouter(SIGNED_IN);
const base = '/Wallet/Setting/Passkeys';

const passkey = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
  backed_up: z.boolean(),
});

/** The answer's form of a passkey (times in epoch milliseconds, as the sessions list). */
const view = (p: PasskeySummary) => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt,
  last_used_at: p.lastUsedAt,
  backed_up: p.backedUp,
});

const list = route({
  method: 'post',
  path: `${base}/List`,
  tags: ['Settings'],
  summary: 'The account’s passkeys, oldest first (issue 22)',
  responses: okReply('Passkeys', envelope.extend({ passkeys: z.array(passkey) })),
});

const registerOptions = route({
  method: 'post',
  path: `${base}/Register/Options`,
  tags: ['Settings'],
  summary: 'Add a passkey, step 1: options for navigator.credentials.create() (needs the password)',
  description:
    'Wrong password: 400 E400105. Portal users (type 1): 403 E403150. Already 20 passkeys: 409 E409150. A discoverable credential with user verification, no attestation; excludeCredentials lists the account’s passkeys; the challenge lives 5 minutes and is used once.',
  request: { body: jsonBody(z.object({ password: passwordField })) },
  responses: okReply('Options', envelopeOf<{ options: PublicKeyCredentialCreationOptionsJSON }>()),
});

const registerVerify = route({
  method: 'post',
  path: `${base}/Register/Verify`,
  tags: ['Settings'],
  summary: 'Add a passkey, step 2: the browser’s answer (RegistrationResponseJSON) and an optional name',
  description:
    'Refusals: E400150 unreadable or not verified, E400151 another origin, E400152 another RP id, E400153/E400154/E400155 challenge unknown (or not this account’s), used, expired, E400156 no user verification, E409150 20 passkeys already, E409151 already registered. Without a name the passkey is called "Passkey" and the day, in the request’s language and calendar (e.g. "Passkey Nov 28, 2026", "พาสคีย์ 28 พ.ย. 2569").',
  request: { body: jsonBody(z.object({ response: registrationResponse, name: passkeyName.optional() })) },
  responses: okReply('Added', envelope.extend({ passkey })),
});

const rename = route({
  method: 'post',
  path: `${base}/Rename`,
  tags: ['Settings'],
  summary: 'Rename a passkey (1-64 characters, no control characters)',
  description: 'Unknown id, or another account’s: 404 E404150.',
  request: { body: jsonBody(z.object({ id: passkeyId, name: passkeyName })) },
  responses: okReply('Renamed'),
});

const remove = route({
  method: 'post',
  path: `${base}/Remove`,
  tags: ['Settings'],
  summary: 'Remove a passkey (needs the password); the last one may go too',
  description: 'Wrong password: 400 E400105. Unknown id, or another account’s: 404 E404150.',
  request: { body: jsonBody(z.object({ id: passkeyId, password: passwordField })) },
  responses: okReply('Removed'),
});

const reauthOptions = route({
  method: 'post',
  path: `${base}/Reauth/Options`,
  tags: ['Settings'],
  summary: 'Options for a fresh check with one of the account’s passkeys (instead of the password)',
  description: 'Used by TwoStep/AppCodes/Off’s `passkey_response`. The account has no passkey: 404 E404150.',
  responses: okReply('Options', envelopeOf<{ options: PublicKeyCredentialRequestOptionsJSON }>()),
});

/** Settings of passkeys (issue 22, Deliver 1). */
export const passkeyRoutes = router
  .openapi(list, async (c) => ok(c, { passkeys: (await listPasskeys(c.env.DB, signedInUser(c).accountId)).map(view) }))
  .openapi(registerOptions, async (c) =>
    ok(c, { options: await startPasskeyRegistration(c.env, signedInUser(c), c.req.valid('json').password) }),
  )
  .openapi(registerVerify, async (c) => {
    const { response, name } = c.req.valid('json');
    const added = await finishPasskeyRegistration(c.env, signedInUser(c), response, name, c.var.lang);
    return ok(c, { passkey: view(added) });
  })
  .openapi(rename, async (c) => {
    const { id, name } = c.req.valid('json');
    await renamePasskey(c.env.DB, signedInUser(c).accountId, id, name);
    return ok(c, {});
  })
  .openapi(remove, async (c) => {
    const { id, password } = c.req.valid('json');
    await removePasskeyChecked(c.env, signedInUser(c), id, password);
    return ok(c, {});
  })
  .openapi(reauthOptions, async (c) => ok(c, { options: await passkeyReauthOptions(c.env, signedInUser(c)) }));
