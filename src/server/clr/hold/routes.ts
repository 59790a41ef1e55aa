import { z } from '@hono/zod-openapi';
import { AppError } from '../../errors';
import { ok } from '../../http/envelope';
import { envelopeOf, jsonBody, okReply } from '../../http/openapi';
import { apiRouter } from '../../middleware/router';
import { ANONYMOUS, SIGNED_IN } from '../../middleware/rules';
import { ownerHeldRecord, publicHeldRecord, type OwnerHeldRecord, type PublicHeldRecord } from './present';
import { ownedRecord, publicRecord, removeRecord, setRecordPublic } from './service';

const signedIn = apiRouter(SIGNED_IN);
const anonymous = apiRouter(ANONYMOUS);

const A = '/AdAssertion';
const recordId = z.object({ access_token: z.string().optional(), record_id: z.string().min(1).max(64) });

const getOne = signedIn.route({
  method: 'post',
  path: `${A}/GetHeldRecord`,
  tags: ['Certificates'],
  summary:
    "One of the account's learner records held from elsewhere (CLR 2.0, issue 38): the transcript by term, each " +
    "nested credential's verdict, the associations; anyone else's is 404 E404108",
  request: { body: jsonBody(recordId) },
  responses: okReply('Record', envelopeOf<{ record: OwnerHeldRecord }>()),
});

const setStatus = signedIn.route({
  method: 'post',
  path: `${A}/SetHeldRecordStatus`,
  tags: ['Certificates'],
  summary: 'Make a held learner record public or private (owner only)',
  request: { body: jsonBody(recordId.extend({ is_public: z.boolean() })) },
  responses: okReply('Changed', envelopeOf<{ is_public: boolean }>()),
});

const remove = signedIn.route({
  method: 'post',
  path: `${A}/DeleteHeldRecord`,
  tags: ['Certificates'],
  summary: 'Remove a held learner record from the wallet for good (owner only); a second removal is 404 E404108',
  request: { body: jsonBody(recordId) },
  responses: okReply('Removed', envelopeOf<{ removed: true }>()),
});

const publicDetails = anonymous.route({
  method: 'post',
  path: `/Public${A}/GetHeldRecordDetails`,
  tags: ['Public'],
  summary: 'A public held learner record (no login, never an address); private, removed or unknown answer 404 E404108',
  request: { body: jsonBody(z.object({ record_id: z.string().min(1).max(64) })) },
  responses: okReply('Record', envelopeOf<{ record: PublicHeldRecord }>()),
});

const accountOf = (user: { accountId: string } | null) => {
  if (!user) throw new AppError('E401100');
  return user.accountId;
};

/** The holder's calls on learner records kept from elsewhere (issue 38, item 2); each is limited to the caller's own. */
export const heldRecordRoutes = signedIn.router
  .openapi(getOne, async (c) => {
    const row = await ownedRecord(c.env.DB, c.req.valid('json').record_id, accountOf(c.var.user));
    if (!row) throw new AppError('E404108');
    return ok(c, { record: ownerHeldRecord(row) });
  })
  .openapi(setStatus, async (c) => {
    const q = c.req.valid('json');
    await setRecordPublic(c.env.DB, q.record_id, accountOf(c.var.user), q.is_public, Date.now());
    return ok(c, { is_public: q.is_public });
  })
  .openapi(remove, async (c) => {
    await removeRecord(c.env.DB, c.req.valid('json').record_id, accountOf(c.var.user));
    return ok(c, { removed: true as const });
  });

/** What anyone may read of a published held record. */
export const publicHeldRecordRoutes = anonymous.router.openapi(publicDetails, async (c) => {
  const row = await publicRecord(c.env.DB, c.req.valid('json').record_id);
  if (!row) throw new AppError('E404108');
  return ok(c, { record: publicHeldRecord(row) });
});
