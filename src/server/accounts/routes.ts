import { z } from '@hono/zod-openapi';
import { ANONYMOUS, SIGNED_IN } from '../middleware/rules';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { apiRouter } from '../middleware/router';
import { profileImageUrl } from '../../lib/profile-image';
import { accountInfo, agreeToTerms } from './account-service';
import { signInWithPassword } from './second-step';
import { TERMS_VERSION, termsState } from '../../terms/versions';
import { loginBody, termsBody } from './schemas';

const anonymous = apiRouter(ANONYMOUS);
const signedIn = apiRouter(SIGNED_IN);

const envelope = z.object({ status: z.number() });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

const login = anonymous.route({
  method: 'post',
  path: '/Login',
  tags: ['Account'],
  summary: 'Sign in with email and password (step 2 of the login screen)',
  description:
    'Sets the accessToken and userType cookies (HttpOnly) and account_id, service_country. Wrong credentials answer 401 E401102 with the attempts left; after 5 failures the address is locked for 30 minutes (423 E423100). Unknown addresses answer exactly like known ones. An account with authenticator-app codes on (issue 22) gets no session yet: the answer says `second_step: "totp"` and `second_step_methods` (`app_code`, and `passkey` when the account has one) and an HttpOnly cookie carries the pending sign-in to LoginSecondStep or LoginSecondStep/Passkey (5 minutes). Passkeys alone never turn the second step on.',
  request: { body: json(loginBody) },
  responses: {
    200: {
      description: 'Signed in',
      content: {
        'application/json': {
          schema: envelope.extend({
            account_id: z.string(),
            user_type: z.number(),
            second_step: z.literal('totp').optional(),
            /** Issue 22: how the pending second step may be completed (an app code; a passkey if the account has one). */
            second_step_methods: z.array(z.enum(['app_code', 'passkey'])).optional(),
          }),
        },
      },
    },
  },
});

const userInfo = signedIn.route({
  method: 'post',
  path: '/Wallet/GetUserInfo',
  tags: ['Wallet'],
  summary: 'The signed-in user (spec §3 "User info")',
  request: {
    body: {
      content: { 'application/json': { schema: z.object({ access_token: z.string().optional() }) } },
      required: false,
    },
  },
  responses: {
    200: {
      description: 'User info',
      content: {
        'application/json': {
          schema: envelope.extend({
            account_id: z.string(),
            /** Spec §1: 1 = portal user (signs in through the portal), 2 = wallet user. */
            user_type: z.number(),
            first_name: z.string(),
            last_name: z.string(),
            service_country: z.number(),
            agree_term_of_service: z.boolean(),
            terms_state: z.enum(['agreed', 'not_agreed', 'revised']),
            profile_image: z.string().nullable(),
            bio: z.string().nullable(),
            account_emails: z.array(z.object({ account_email: z.string(), primary_yn: z.enum(['Y', 'N']) })),
          }),
        },
      },
    },
  },
});

const setTerms = signedIn.route({
  method: 'post',
  path: '/Wallet/SetTermOfService',
  tags: ['Wallet'],
  summary: 'Agree to the current terms of use (the terms modal)',
  request: { body: json(termsBody) },
  responses: {
    200: {
      description: 'Agreement recorded for the current version',
      content: { 'application/json': { schema: envelope.extend({ terms_version: z.string() }) } },
    },
  },
});

/** Sign-in with email and password (mounted under the account API). */
export const loginRoutes = anonymous.router.openapi(login, async (c) => {
  const { email, password } = c.req.valid('json');
  const { account, secondStep, methods } = await signInWithPassword(c, email, password);
  return ok(c, {
    account_id: account.id,
    user_type: account.userType,
    ...(secondStep ? { second_step: 'totp' as const, second_step_methods: methods } : {}),
  });
});

/** The signed-in user's info and agreement to the terms. */
export const accountRoutes = signedIn.router
  .openapi(userInfo, async (c) => {
    const user = c.var.user;
    if (!user) throw new AppError('E401100');
    const info = await accountInfo(c.env.DB, user.accountId);
    if (!info) throw new AppError('E401100');
    const { profile, emails } = info;
    return ok(c, {
      account_id: profile.id,
      user_type: user.userType,
      first_name: profile.firstName,
      last_name: profile.lastName,
      service_country: profile.serviceCountry,
      agree_term_of_service: profile.agreeTermOfService,
      terms_state: termsState(profile.agreeTermOfService, profile.termsVersion),
      profile_image: profileImageUrl(profile.id, profile.profileImageKey),
      bio: profile.bio,
      account_emails: emails
        .filter((e) => e.verifiedAt !== null)
        .map((e) => ({ account_email: e.email, primary_yn: e.isPrimary ? ('Y' as const) : ('N' as const) })),
    });
  })
  .openapi(setTerms, async (c) => {
    const user = c.var.user;
    if (!user) throw new AppError('E401100');
    // The version recorded is the one in force now, even if the page was opened before a revision.
    await agreeToTerms(c.env.DB, user.accountId, TERMS_VERSION, Date.now());
    return ok(c, { terms_version: TERMS_VERSION });
  });
