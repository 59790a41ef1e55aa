import { z } from '@hono/zod-openapi';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS, SIGNED_IN } from '../middleware/rules';
import { hasCertificates, publicWallet } from './list-service';
import { detailItem, listItem } from './present';
import { publicBadge } from './service';
import { profileImageUrl } from '../../lib/profile-image';

const W = '/Wallet/Public';
const anonymous = apiRouter(ANONYMOUS);
const signedIn = apiRouter(SIGNED_IN);

const publicList = anonymous.route({
  method: 'post',
  path: `${W}/FindList`,
  tags: ['Public'],
  summary: "A person's public wallet: profile and public badges (no login)",
  request: {
    body: jsonBody(
      z.object({
        account_id: z.string().min(1).max(64),
        sort: z.string().max(20).default('-IssuedOn'),
        page: z.number().int().min(1).max(10_000).default(1),
      }),
    ),
  },
  responses: okReply('Public wallet'),
});

const publicAssertion = anonymous.route({
  method: 'post',
  path: `${W}/GetAssertion`,
  tags: ['Public'],
  summary: 'One public badge (no login); private, revoked or deleted answers 404 E404104',
  request: { body: jsonBody(z.object({ assertion_id: z.string().min(1).max(64) })) },
  responses: okReply('Public badge'),
});

const checkAcadDocs = signedIn.route({
  method: 'post',
  path: '/AdAssertion/CheckIssuedAcadDocs',
  tags: ['Wallet'],
  summary: 'Whether certificates were issued to the signed-in account (the certificates tab)',
  request: { body: jsonBody(z.object({ access_token: z.string().optional() })) },
  responses: okReply('is_exists'),
});

/** The anonymous wallet calls of spec §7. */
export const publicWalletRoutes = anonymous.router
  .openapi(publicList, async (c) => {
    const q = c.req.valid('json');
    const wallet = await publicWallet(c.env.DB, q.account_id, q.sort, q.page);
    if (!wallet) throw new AppError('E404100');
    const { profile, list } = wallet;
    const now = Date.now();
    return ok(c, {
      account_id: profile.id,
      first_name: profile.firstName,
      last_name: profile.lastName,
      profile_image: profileImageUrl(profile.id, profile.profileImageKey),
      bio: profile.bio,
      service_country: profile.serviceCountry,
      total_count: list.total,
      assertions: list.rows.map((r) => listItem(r, now)),
    });
  })
  .openapi(publicAssertion, async (c) => {
    const badge = detailItem(await publicBadge(c.env.DB, c.req.valid('json').assertion_id), Date.now());
    // The public never sees the address a badge was sent to.
    return ok(c, { assertion: { ...badge, assertion_email: null } });
  });

/** The certificates check of the signed-in wallet. */
export const acadDocCheckRoutes = signedIn.router.openapi(checkAcadDocs, async (c) => {
  const user = c.var.user;
  if (!user) throw new AppError('E401100');
  return ok(c, { is_exists: await hasCertificates(c.env.DB, user.accountId) });
});
