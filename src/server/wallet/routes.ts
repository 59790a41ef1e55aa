import { z } from '@hono/zod-openapi';
import { setMetric } from 'hono/timing';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { envelope, envelopeOf, jsonBody, okReply } from '../http/openapi';
import { walletList } from './list-service';
import { detailItem, listItem, type ListItem } from './present';
import { deleteBadge, hideBadge, ownedBadge, receiveAll, receiveBadge, setBadgePublic } from './service';
import { apiRouter } from '../middleware/router';
import { SIGNED_IN } from '../middleware/rules';

const { router, route } = apiRouter(SIGNED_IN);

/** FindList's answer: a page of badges and the counts the list's header shows. */
interface WalletPage {
  total_count: number;
  total_claimable_badges: number;
  total_receiving_badges: number;
  assertions: ListItem[];
}

const W = '/Wallet';
const token = { access_token: z.string().optional() };
const assertionId = z.object({ ...token, assertion_id: z.string().min(1).max(64) });

const findList = route({
  method: 'post',
  path: `${W}/FindList`,
  tags: ['Wallet'],
  summary: 'The badge list (spec §3): a page of 20, the total, and the claimable and receiving counts',
  request: {
    body: jsonBody(
      z.object({
        ...token,
        sort: z.string().max(20).default('-IssuedOn'),
        search_keyword: z.string().max(200).default(''),
        search_types: z
          .array(z.union([z.literal(0), z.literal(1), z.literal(2)]))
          .max(3)
          .default([0, 1]),
        visibility: z.number().int().min(0).max(4).default(0),
        page: z.number().int().min(1).max(10_000).default(1),
        needRequestAction: z.boolean().default(false),
      }),
    ),
  },
  responses: okReply('Badges', envelopeOf<WalletPage>()),
});

const simple = <N extends string, S extends z.ZodType>(name: N, summary: string, schema: S) =>
  route({
    method: 'post',
    path: `${W}/${name}`,
    tags: ['Wallet'],
    summary,
    request: { body: jsonBody(schema) },
    responses: okReply(summary),
  });

const getAssertion = simple('GetAssertion', 'One badge of the wallet with its detail (404 if not yours)', assertionId);
const getUnaccepted = simple(
  'GetUnacceptedAssertion',
  'One claimable badge of the wallet with its detail',
  assertionId,
);
const receiveOne = simple(
  'SetReceiveBadgeFromWallet',
  'Receive one claimable badge (blockchain: Receiving)',
  assertionId,
);
const hide = simple('SetHideUnacceptedBadge', 'Hide an unclaimed badge; it can then not be received', assertionId);
const status = simple(
  'SetAssertionStatus',
  'Make a received badge public or private',
  assertionId.extend({ is_public: z.boolean() }),
);
const remove = simple(
  'DeleteAssertion',
  'Delete a badge from the wallet (irreversible; the issuer is not told)',
  assertionId,
);
const all = route({
  method: 'post',
  path: `${W}/SetReceiveAllUnacceptedBadge`,
  tags: ['Wallet'],
  summary: 'Receive every claimable badge; answers how many of how many',
  request: { body: jsonBody(z.object(token)) },
  responses: okReply('Received', envelope.extend({ total_count: z.number(), received_count: z.number() })),
});

/** The signed-in wallet's badge calls (spec §7); every one is limited to the caller's own badges. */
export const walletRoutes = router
  .openapi(findList, async (c) => {
    const user = c.var.user;
    if (!user) throw new AppError('E401100');
    const q = c.req.valid('json');
    const started = performance.now();
    const list = await walletList(c.env.DB, user.accountId, {
      sort: q.sort,
      keyword: q.search_keyword,
      types: q.search_types,
      visibility: q.needRequestAction ? 4 : (q.visibility as 0 | 1 | 2 | 3 | 4),
      page: q.page,
    });
    // Issue 23: the list's D1 batch alone (beside `total`, the whole request), so the benchmark
    // shows how much of FindList's time is the query and how much the request around it.
    setMetric(c, 'list', performance.now() - started);
    const now = Date.now();
    return ok(c, {
      total_count: list.total,
      total_claimable_badges: list.claimable,
      total_receiving_badges: list.receiving,
      assertions: list.rows.map((r) => listItem(r, now)),
    });
  })
  .openapi(getAssertion, async (c) => {
    const b = await ownedBadge(c.env.DB, c.req.valid('json').assertion_id, c.var.user?.accountId ?? '');
    if (b.acceptStatus === 0) throw new AppError('E404101');
    return ok(c, { assertion: detailItem(b, Date.now()) });
  })
  .openapi(getUnaccepted, async (c) => {
    const b = await ownedBadge(c.env.DB, c.req.valid('json').assertion_id, c.var.user?.accountId ?? '');
    return ok(c, { assertion: detailItem(b, Date.now()) });
  })
  .openapi(receiveOne, async (c) => {
    await receiveBadge(c.env.DB, c.req.valid('json').assertion_id, c.var.user?.accountId ?? '', Date.now());
    return ok(c, {});
  })
  .openapi(all, async (c) => {
    const r = await receiveAll(c.env.DB, c.var.user?.accountId ?? '', Date.now());
    return ok(c, { total_count: r.total, received_count: r.received });
  })
  .openapi(hide, async (c) => {
    await hideBadge(c.env.DB, c.req.valid('json').assertion_id, c.var.user?.accountId ?? '', Date.now());
    return ok(c, {});
  })
  .openapi(status, async (c) => {
    const q = c.req.valid('json');
    await setBadgePublic(c.env.DB, q.assertion_id, c.var.user?.accountId ?? '', q.is_public, Date.now());
    return ok(c, {});
  })
  .openapi(remove, async (c) => {
    await deleteBadge(c.env.DB, c.req.valid('json').assertion_id, c.var.user?.accountId ?? '', Date.now());
    return ok(c, {});
  });
