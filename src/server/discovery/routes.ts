import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { envelope, envelopeOf, jsonBody, okReply } from '../http/openapi';
import { clientKey, throttle } from '../http/throttle';
import { splitKeywords } from './keywords';
import { issuerPage, skillPage } from './pages-service';
import { DEFAULT_SORT, searchLists, searchOverview, type Overview, type SearchKind } from './service';
import { apiRouter } from '../middleware/router';
import { ANONYMOUS } from '../middleware/rules';

// SRCH-02: public lists are throttled per client address (E429100), so nobody pages through
// everything at machine speed; 120 a minute leaves a typing person far below the limit.
const { router, route } = apiRouter({
  ...ANONYMOUS,
  guard: async (c, next) => {
    await throttle(c.env.SEARCH_LIMIT, clientKey(c.req.raw.headers));
    await next();
  },
});

const W = '/Wallet';
const id = z.string().min(1).max(64);
const page = z.number().int().min(1).max(10_000).default(1);
const keyword = z.union([z.string().max(200), z.array(z.string().max(200)).max(20)]).default([]);
const direction = z.enum(['asc', 'desc']);
const token = { access_token: z.string().optional() };

const searchRoute = <N extends string>(name: N, summary: string) =>
  route({
    method: 'post',
    path: `${W}/Search/${name}`,
    tags: ['Discovery'],
    summary,
    description:
      'search_keyword: a list of words (a string is split on spaces); every word must match. Words of 3+ characters ' +
      'use the trigram index, shorter ones a LIKE scan of names and skills. 20 per page. No login needed.',
    request: { body: jsonBody(z.object({ ...token, search_keyword: keyword, page, sort: direction.optional() })) },
    responses: okReply('A page of results and the total', envelope.extend({ total_count: z.number() })),
  });
const findBadges = searchRoute('FindBadgeList', 'Public badges by name, description or skill (default sort asc)');
const findSkills = searchRoute('FindSkillList', 'Skills with how many public badges carry each (default sort desc)');
const findIssuers = searchRoute('FindIssuerList', 'Issuers by name or description (default sort asc)');
const findAll = route({
  method: 'post',
  path: `${W}/Search/FindAllList`,
  tags: ['Discovery'],
  summary: 'The overview: the first 3 badges, skills and issuers, and the three counts',
  request: { body: jsonBody(z.object({ ...token, search_keyword: keyword })) },
  responses: okReply('Overview', envelopeOf<Overview>()),
});
const getIssuer = route({
  method: 'post',
  path: `${W}/Issuer/GetIssuer`,
  tags: ['Discovery'],
  summary: 'An issuer’s profile with the first page of its badges; E404102 when unknown',
  request: { body: jsonBody(z.object({ ...token, issuer_id: id })) },
  responses: okReply('Issuer'),
});
const issuerBadges = route({
  method: 'post',
  path: `${W}/Badge/FindIssuerBadgeList`,
  tags: ['Discovery'],
  summary: 'An issuer’s public badges, newest first by default (-CREATED_DATE)',
  request: {
    body: jsonBody(
      z.object({
        ...token,
        issuer_id: id,
        page,
        sort: z.enum(['-CREATED_DATE', 'CREATED_DATE']).default('-CREATED_DATE'),
      }),
    ),
  },
  responses: okReply('Badge list'),
});
const skillBadges = route({
  method: 'post',
  path: `${W}/Badge/FindSkillBadgeList`,
  tags: ['Discovery'],
  summary: 'The public badges carrying a skill, by name; E404107 when the skill is unknown',
  request: { body: jsonBody(z.object({ ...token, tag_id: id, page, sort: direction.default('asc') })) },
  responses: okReply('Badge list'),
});

const LIST_KEY: Record<SearchKind, string> = { badges: 'badges', skills: 'tags', issuers: 'issuers' };
for (const [definition, kind] of [
  [findBadges, 'badges'],
  [findSkills, 'skills'],
  [findIssuers, 'issuers'],
] as const) {
  router.openapi(definition, async (c) => {
    const b = c.req.valid('json');
    const r = await searchLists[kind](c.env.DB, splitKeywords(b.search_keyword), b.page, b.sort ?? DEFAULT_SORT[kind]);
    return ok(c, { [LIST_KEY[kind]]: r.items, total_count: r.total_count });
  });
}
// Chained so the typed client knows the overview; the three lists above are registered first, as before.
/** Discovery calls (spec §7): public, so anonymous visitors can search and browse. */
export const discoveryRoutes = router
  .openapi(findAll, async (c) =>
    ok(c, await searchOverview(c.env.DB, splitKeywords(c.req.valid('json').search_keyword))),
  )
  .openapi(getIssuer, async (c) => ok(c, await issuerPage(c.env.DB, c.req.valid('json').issuer_id, 1, 'desc')))
  .openapi(issuerBadges, async (c) => {
    const b = c.req.valid('json');
    const r = await issuerPage(c.env.DB, b.issuer_id, b.page, b.sort === 'CREATED_DATE' ? 'asc' : 'desc');
    return ok(c, { badges: r.badges, total_count: r.total_count });
  })
  .openapi(skillBadges, async (c) => {
    const b = c.req.valid('json');
    return ok(c, await skillPage(c.env.DB, b.tag_id, b.page, b.sort));
  });
