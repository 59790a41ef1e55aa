import { z } from '@hono/zod-openapi';
import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { apiRouter } from '../middleware/router';
import { award } from './award';
import {
  awardBody,
  awardHeaders,
  badgeClassBody,
  badgeClassPatch,
  envelope,
  idParam,
  issuerBody,
  issuerPatch,
  revokeBody,
} from './schemas';
import { requireAdminToken } from '../middleware/issuer-auth';
import { issuerKeyGuard } from './key-guard';
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

// Images arrive base64 inside JSON: the issuer API allows up to 8 MB instead of the 256 KB default.
const MAX_BODY = 8 * 1024 * 1024;
const admin = apiRouter({ access: 'adminToken', guard: requireAdminToken(), maxBody: MAX_BODY });
const keyed = apiRouter({ access: 'issuerKey', guard: issuerKeyGuard(), maxBody: MAX_BODY });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const reply = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
});

const routes = {
  createIssuer: admin.route({
    method: 'post',
    path: `/issuers`,
    tags: ['Issuer API'],
    summary: 'Create an issuer (admin token); returns its first API key, shown once',
    request: { body: json(issuerBody) },
    responses: reply('Created', envelope.extend({ issuer_id: z.string(), api_key: z.string() })),
  }),
  updateIssuer: keyed.route({
    method: 'patch',
    path: `/issuer`,
    tags: ['Issuer API'],
    summary: "Update the calling issuer's profile",
    request: { body: json(issuerPatch) },
    responses: reply('Updated', envelope),
  }),
  createBadgeClass: keyed.route({
    method: 'post',
    path: `/badge-classes`,
    tags: ['Issuer API'],
    summary: 'Create a badge class (image PNG or SVG, criteria URL and/or narrative, skills, alignments, expiry rule)',
    request: { body: json(badgeClassBody) },
    responses: reply('Created', envelope.extend({ badge_class_id: z.string() })),
  }),
  updateBadgeClass: keyed.route({
    method: 'patch',
    path: `/badge-classes/{id}`,
    tags: ['Issuer API'],
    summary: 'Update a badge class; awarded assertions point at it and show the change',
    request: { params: idParam, body: json(badgeClassPatch) },
    responses: reply('Updated', envelope),
  }),
  award: keyed.route({
    method: 'post',
    path: `/awards`,
    tags: ['Issuer API'],
    summary:
      'Award a badge class to 1-1000 email addresses (hosted or signed); large awards are queued. With an Idempotency-Key, the same call sent again (after a lost answer or a 503) awards nothing twice and answers the same assertion ids',
    request: { body: json(awardBody), headers: awardHeaders },
    responses: reply(
      'Awarded or queued',
      envelope.extend({
        queued: z.boolean(),
        assertions: z.array(z.object({ assertion_id: z.string(), email: z.string() })),
      }),
    ),
  }),
  revoke: keyed.route({
    method: 'post',
    path: `/assertions/{id}/revoke`,
    tags: ['Issuer API'],
    summary: 'Revoke an assertion with a reason (hosted: HTTP 410; signed: listed in the RevocationList)',
    request: { params: idParam, body: json(revokeBody) },
    responses: reply('Revoked', envelope),
  }),
  reissue: keyed.route({
    method: 'post',
    path: `/assertions/{id}/reissue`,
    tags: ['Issuer API'],
    summary: 'Reissue: a new assertion and award mail replace the old one',
    request: { params: idParam },
    responses: reply('Reissued', envelope.extend({ assertion_id: z.string() })),
  }),
  remove: keyed.route({
    method: 'delete',
    path: `/assertions/{id}`,
    tags: ['Issuer API'],
    summary: 'Delete an assertion (it stops verifying)',
    request: { params: idParam },
    responses: reply('Deleted', envelope),
  }),
};

const parseDate = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

/** The operator's call: creating an issuer with the admin token. */
export const issuerAdminRoutes = admin.router.openapi(routes.createIssuer, async (c) => {
  const created = await createIssuer(c.env, c.req.valid('json'));
  return ok(c, { issuer_id: created.issuerId, api_key: created.apiKey });
});

/** The issuer API (design card decision 8): API keys per issuer, described in the OpenAPI document. */
export const issuingRoutes = keyed.router
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
      c.req.valid('header')['idempotency-key'],
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
  });
