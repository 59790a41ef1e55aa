import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { validationHook } from '../http/validation';
import { limitBody } from '../middleware/body-limit';
import { award } from './award';
import {
  acadDocBody,
  awardBody,
  badgeClassBody,
  badgeClassPatch,
  envelope,
  idParam,
  issuerBody,
  issuerPatch,
  revokeBody,
} from './schemas';
import { createAcadDoc } from './acad-docs';
import { requireAdminToken, requireIssuerKey } from './auth';
import {
  createBadgeClass,
  createIssuer,
  deleteAssertion,
  ownBadgeClass,
  reissueAssertion,
  revokeAssertion,
  updateBadgeClass,
  updateIssuer,
} from './service';

const BASE = '/api/issuer/v1';
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const reply = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
});
const security = [{ issuerKey: [] }];

const routes = {
  createIssuer: createRoute({
    method: 'post',
    path: `${BASE}/issuers`,
    tags: ['Issuer API'],
    summary: 'Create an issuer (admin token); returns its first API key, shown once',
    security: [{ adminToken: [] }],
    request: { body: json(issuerBody) },
    responses: reply('Created', envelope.extend({ issuer_id: z.string(), api_key: z.string() })),
  }),
  updateIssuer: createRoute({
    method: 'patch',
    path: `${BASE}/issuer`,
    tags: ['Issuer API'],
    summary: "Update the calling issuer's profile",
    security,
    request: { body: json(issuerPatch) },
    responses: reply('Updated', envelope),
  }),
  createBadgeClass: createRoute({
    method: 'post',
    path: `${BASE}/badge-classes`,
    tags: ['Issuer API'],
    summary: 'Create a badge class (image PNG or SVG, criteria URL and/or narrative, skills, alignments, expiry rule)',
    security,
    request: { body: json(badgeClassBody) },
    responses: reply('Created', envelope.extend({ badge_class_id: z.string() })),
  }),
  updateBadgeClass: createRoute({
    method: 'patch',
    path: `${BASE}/badge-classes/{id}`,
    tags: ['Issuer API'],
    summary: 'Update a badge class; awarded assertions point at it and show the change',
    security,
    request: { params: idParam, body: json(badgeClassPatch) },
    responses: reply('Updated', envelope),
  }),
  award: createRoute({
    method: 'post',
    path: `${BASE}/awards`,
    tags: ['Issuer API'],
    summary: 'Award a badge class to 1-1000 email addresses (hosted or signed); large awards are queued',
    security,
    request: { body: json(awardBody) },
    responses: reply(
      'Awarded or queued',
      envelope.extend({
        queued: z.boolean(),
        assertions: z.array(z.object({ assertion_id: z.string(), email: z.string() })),
      }),
    ),
  }),
  revoke: createRoute({
    method: 'post',
    path: `${BASE}/assertions/{id}/revoke`,
    tags: ['Issuer API'],
    summary: 'Revoke an assertion with a reason (hosted: HTTP 410; signed: listed in the RevocationList)',
    security,
    request: { params: idParam, body: json(revokeBody) },
    responses: reply('Revoked', envelope),
  }),
  reissue: createRoute({
    method: 'post',
    path: `${BASE}/assertions/{id}/reissue`,
    tags: ['Issuer API'],
    summary: 'Reissue: a new assertion and award mail replace the old one',
    security,
    request: { params: idParam },
    responses: reply('Reissued', envelope.extend({ assertion_id: z.string() })),
  }),
  remove: createRoute({
    method: 'delete',
    path: `${BASE}/assertions/{id}`,
    tags: ['Issuer API'],
    summary: 'Delete an assertion (it stops verifying)',
    security,
    request: { params: idParam },
    responses: reply('Deleted', envelope),
  }),
  acadDoc: createRoute({
    method: 'post',
    path: `${BASE}/acad-docs`,
    tags: ['Issuer API'],
    summary: 'Award an academic document (certificate) to an email address',
    security,
    request: { body: json(acadDocBody) },
    responses: reply('Created', envelope.extend({ acad_doc_id: z.string() })),
  }),
};

const parseDate = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

/** The issuer API (design card decision 8): API keys per issuer, described in the OpenAPI document. */
export const issuingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
// Images arrive base64 inside JSON: these routes allow up to 8 MB instead of the 256 KB default.
issuingRoutes.use(`${BASE}/*`, limitBody(8 * 1024 * 1024));
issuingRoutes.use(`${BASE}/issuers`, requireAdminToken());
for (const path of ['issuer', 'badge-classes', 'badge-classes/*', 'awards', 'assertions/*', 'acad-docs'])
  issuingRoutes.use(`${BASE}/${path}`, requireIssuerKey());

issuingRoutes
  .openapi(routes.createIssuer, async (c) => {
    const created = await createIssuer(c.env, c.req.valid('json'));
    return ok(c, { issuer_id: created.issuerId, api_key: created.apiKey });
  })
  .openapi(routes.updateIssuer, async (c) => {
    await updateIssuer(c.env, c.var.issuerId, c.req.valid('json'));
    return ok(c, {});
  })
  .openapi(routes.createBadgeClass, async (c) =>
    ok(c, { badge_class_id: await createBadgeClass(c.env, c.var.issuerId, c.req.valid('json')) }),
  )
  .openapi(routes.updateBadgeClass, async (c) => {
    await updateBadgeClass(c.env, c.var.issuerId, c.req.valid('param').id, c.req.valid('json'));
    return ok(c, {});
  })
  .openapi(routes.award, async (c) => {
    const body = c.req.valid('json');
    const bc = await ownBadgeClass(c.env, c.var.issuerId, body.badge_class_id);
    const issuedOn = parseDate(body.issued_on) ?? Date.now();
    const expiresAt =
      body.expires !== undefined
        ? parseDate(body.expires)
        : bc.expiryDays
          ? issuedOn + bc.expiryDays * 86_400_000
          : null;
    if (expiresAt !== null && expiresAt <= issuedOn)
      throw new AppError('E400100', {}, [{ field: 'expires', key: 'validation.invalid' }]);
    const result = await award(
      c.env,
      c.var.issuerId,
      {
        badgeClassId: bc.id,
        narrative: body.narrative,
        evidence: body.evidence,
        issuedOn,
        expiresAt,
        verification: body.verification,
        blockchain: body.blockchain,
        language: toLanguage(body.language) ?? DEFAULT_LANGUAGE,
      },
      body.recipients,
    );
    return ok(c, {
      queued: result.queued,
      assertions: result.planned.map((p) => ({ assertion_id: p.assertionId, email: p.email })),
    });
  })
  .openapi(routes.revoke, async (c) => {
    await revokeAssertion(c.env, c.var.issuerId, c.req.valid('param').id, c.req.valid('json').reason);
    return ok(c, {});
  })
  .openapi(routes.reissue, async (c) =>
    ok(c, { assertion_id: await reissueAssertion(c.env, c.var.issuerId, c.req.valid('param').id, c.var.lang) }),
  )
  .openapi(routes.remove, async (c) => {
    await deleteAssertion(c.env, c.var.issuerId, c.req.valid('param').id);
    return ok(c, {});
  })
  .openapi(routes.acadDoc, async (c) =>
    ok(c, { acad_doc_id: await createAcadDoc(c.env, c.var.issuerId, c.req.valid('json')) }),
  );

issuingRoutes.openAPIRegistry.registerComponent('securitySchemes', 'issuerKey', {
  type: 'http',
  scheme: 'bearer',
  description: 'Issuer API key (lyk_…)',
});
issuingRoutes.openAPIRegistry.registerComponent('securitySchemes', 'adminToken', {
  type: 'http',
  scheme: 'bearer',
  description: 'ISSUER_ADMIN_TOKEN',
});
