import { z } from '@hono/zod-openapi';
import { ANONYMOUS, SIGNED_IN } from '../middleware/rules';
import { CONFIG } from '../config';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { envelopeOf, jsonBody, okReply } from '../http/openapi';
import { apiRouter } from '../middleware/router';
import { ACAD_SORTS, type AcadSort } from './sorts';
import { listCertificates, ownedCertificate, publicCertificate, setCertificatePublic } from './acad-service';
import type { CertificateItem, OwnerCertificate, PublicCertificate } from './present';

const signedIn = apiRouter(SIGNED_IN);
const anonymous = apiRouter(ANONYMOUS);

const A = '/AdAssertion';
const token = { access_token: z.string().optional() };
const documentId = z.object({ ...token, assertion_id: z.string().min(1).max(64) });
const sortKeys = Object.keys(ACAD_SORTS) as [AcadSort, ...AcadSort[]];

const findList = signedIn.route({
  method: 'post',
  path: `${A}/FindListForAcadDoc`,
  tags: ['Certificates'],
  summary: "The signed-in account's certificates: a page (20 by default), sorted by issuer name unless asked",
  request: {
    body: jsonBody(
      z.object({
        ...token,
        paging: z
          .object({
            page: z.number().int().min(1).max(10_000).default(1),
            per_page: z.number().int().min(1).max(100).default(CONFIG.pageSizes.certificates),
          })
          .default({ page: 1, per_page: CONFIG.pageSizes.certificates }),
        sort: z.enum(sortKeys).default('issuer_name'),
        order: z.enum(['asc', 'desc']).optional(),
      }),
    ),
  },
  responses: okReply('Certificates', envelopeOf<{ total_count: number; certificates: CertificateItem[] }>()),
});

const getOne = signedIn.route({
  method: 'post',
  path: `${A}/GetAcadDoc`,
  tags: ['Certificates'],
  summary: "One of the account's certificates with its details, rows and revocation; anyone else's is 404 E404108",
  request: { body: jsonBody(documentId) },
  responses: okReply('Certificate', envelopeOf<{ certificate: OwnerCertificate }>()),
});

const setStatus = signedIn.route({
  method: 'post',
  path: `${A}/SetAcadDocStatus`,
  tags: ['Certificates'],
  summary: 'Make a certificate public or private (owner only); a revoked one cannot be published (409 E409116)',
  request: { body: jsonBody(documentId.extend({ is_public: z.boolean() })) },
  responses: okReply('Changed', envelopeOf<{ is_public: boolean }>()),
});

const publicDetails = anonymous.route({
  method: 'post',
  path: `/Public${A}/GetAcadDocDetails`,
  tags: ['Public'],
  summary: 'A public certificate (no login); private, revoked, deleted or unknown all answer 404 E404108',
  request: { body: jsonBody(z.object({ assertion_id: z.string().min(1).max(64) })) },
  responses: okReply('Certificate', envelopeOf<{ certificate: PublicCertificate }>()),
});

const accountOf = (user: { accountId: string } | null) => {
  if (!user) throw new AppError('E401100');
  return user.accountId;
};

/** The recipient's certificate calls (spec §7, issue 18); each is limited to the caller's own documents. */
export const acadDocRoutes = signedIn.router
  .openapi(findList, async (c) => {
    const q = c.req.valid('json');
    const list = await listCertificates(c.env.DB, accountOf(c.var.user), {
      page: q.paging.page,
      perPage: q.paging.per_page,
      sort: q.sort,
      order: q.order,
    });
    return ok(c, { total_count: list.total, certificates: list.items });
  })
  .openapi(getOne, async (c) =>
    ok(c, { certificate: await ownedCertificate(c.env.DB, c.req.valid('json').assertion_id, accountOf(c.var.user)) }),
  )
  .openapi(setStatus, async (c) => {
    const q = c.req.valid('json');
    await setCertificatePublic(c.env.DB, q.assertion_id, accountOf(c.var.user), q.is_public, Date.now());
    return ok(c, { is_public: q.is_public });
  });

/** The anonymous certificate call of spec §7: what a public certificate page shows, never an address. */
export const publicAcadDocRoutes = anonymous.router.openapi(publicDetails, async (c) =>
  ok(c, { certificate: await publicCertificate(c.env.DB, c.req.valid('json').assertion_id) }),
);
