import { z } from '@hono/zod-openapi';
import { ok } from '../http/envelope';
import { apiRouter } from '../middleware/router';
import { acadDocForIssuer, deleteAcadDoc, issueAcadDoc, reissueAcadDoc, revokeAcadDoc } from './acad-docs-service';
import { acadDocBody, acadReissueBody, acadRevokeBody, templateBody, templatePatch } from './acad-schemas';
import { issuerKeyGuard } from './key-guard';
import { envelope, idParam } from './schemas';
import { createTemplate, getTemplate, listTemplates, retireTemplate, updateTemplate } from './template-service';

// Templates carry up to three images base64 (1.5 MB each); documents are text, a 300-row transcript included.
const TEMPLATE_BODY = 8 * 1024 * 1024;
const DOC_BODY = 1024 * 1024;
const templates = apiRouter({ access: 'issuerKey', guard: issuerKeyGuard(), maxBody: TEMPLATE_BODY });
const docs = apiRouter({ access: 'issuerKey', guard: issuerKeyGuard(), maxBody: DOC_BODY });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const reply = <T extends z.ZodType>(description: string, schema: T) => ({
  200: { description, content: { 'application/json': { schema } } },
});
const tags = ['Issuer API: certificates'];
const anyObject = z.record(z.string(), z.unknown());

const routes = {
  createTemplate: templates.route({
    method: 'post',
    path: '/cert-templates',
    tags,
    summary:
      'Create a certificate template: kind, layout, languages and headings, printed fields, signer, logo/signature/seal (PNG or JPEG)',
    request: { body: json(templateBody) },
    responses: reply('Created', envelope.extend({ cert_template_id: z.string() })),
  }),
  listTemplates: templates.route({
    method: 'get',
    path: '/cert-templates',
    tags,
    summary: "The calling issuer's certificate templates, newest first",
    responses: reply('Templates', envelope.extend({ templates: z.array(anyObject) })),
  }),
  getTemplate: templates.route({
    method: 'get',
    path: '/cert-templates/{id}',
    tags,
    summary: 'One certificate template',
    request: { params: idParam },
    responses: reply('Template', envelope.extend({ template: anyObject })),
  }),
  updateTemplate: templates.route({
    method: 'patch',
    path: '/cert-templates/{id}',
    tags,
    summary:
      'Change a template (not its kind); a language that issued documents use cannot be dropped; null removes an image',
    request: { params: idParam, body: json(templatePatch) },
    responses: reply('Updated', envelope),
  }),
  retireTemplate: templates.route({
    method: 'delete',
    path: '/cert-templates/{id}',
    tags,
    summary: 'Retire a template: no new documents with it; documents already issued still print',
    request: { params: idParam },
    responses: reply('Retired', envelope),
  }),
  issue: docs.route({
    method: 'post',
    path: '/acad-docs',
    tags,
    summary:
      'Issue an academic document (completion certificate, diploma, transcript) with a template to an email address',
    request: { body: json(acadDocBody) },
    responses: reply('Issued; its PDF is printed in the background', envelope.extend({ acad_doc_id: z.string() })),
  }),
  get: docs.route({
    method: 'get',
    path: '/acad-docs/{id}',
    tags,
    summary: 'One of your documents, with its PDF state, revocation and reissue',
    request: { params: idParam },
    responses: reply('Document', envelope.extend({ acad_doc: anyObject })),
  }),
  revoke: docs.route({
    method: 'post',
    path: '/acad-docs/{id}/revoke',
    tags,
    summary: 'Revoke a document with a reason (its hosted assertion answers 410, verification fails)',
    request: { params: idParam, body: json(acadRevokeBody) },
    responses: reply('Revoked', envelope),
  }),
  reissue: docs.route({
    method: 'post',
    path: '/acad-docs/{id}/reissue',
    tags,
    summary: 'Reissue a document, optionally corrected: a new document, PDF and mail replace the old one',
    request: { params: idParam, body: json(acadReissueBody) },
    responses: reply('Reissued', envelope.extend({ acad_doc_id: z.string() })),
  }),
  remove: docs.route({
    method: 'delete',
    path: '/acad-docs/{id}',
    tags,
    summary: 'Delete a document: it leaves the wallet and stops verifying',
    request: { params: idParam },
    responses: reply('Deleted', envelope),
  }),
};

/** Certificate templates through the issuer API (issue 18). */
export const certTemplateRoutes = templates.router
  .openapi(routes.createTemplate, async (c) =>
    ok(c, { cert_template_id: await createTemplate(c.env, c.var.issuerId, c.req.valid('json')) }),
  )
  .openapi(routes.listTemplates, async (c) => ok(c, { templates: await listTemplates(c.env, c.var.issuerId) }))
  .openapi(routes.getTemplate, async (c) =>
    ok(c, { template: await getTemplate(c.env, c.var.issuerId, c.req.valid('param').id) }),
  )
  .openapi(routes.updateTemplate, async (c) => {
    await updateTemplate(c.env, c.var.issuerId, c.req.valid('param').id, c.req.valid('json'));
    return ok(c, {});
  })
  .openapi(routes.retireTemplate, async (c) => {
    await retireTemplate(c.env, c.var.issuerId, c.req.valid('param').id);
    return ok(c, {});
  });

/** Academic documents through the issuer API: issue, read, revoke, reissue, delete (issue 18). */
export const acadDocIssuingRoutes = docs.router
  .openapi(routes.issue, async (c) =>
    ok(c, { acad_doc_id: await issueAcadDoc(c.env, c.var.issuerId, c.req.valid('json')) }),
  )
  .openapi(routes.get, async (c) =>
    ok(c, { acad_doc: await acadDocForIssuer(c.env, c.var.issuerId, c.req.valid('param').id) }),
  )
  .openapi(routes.revoke, async (c) => {
    await revokeAcadDoc(c.env, c.var.issuerId, c.req.valid('param').id, c.req.valid('json').reason);
    return ok(c, {});
  })
  .openapi(routes.reissue, async (c) =>
    ok(c, {
      acad_doc_id: await reissueAcadDoc(c.env, c.var.issuerId, c.req.valid('param').id, c.req.valid('json')),
    }),
  )
  .openapi(routes.remove, async (c) => {
    await deleteAcadDoc(c.env, c.var.issuerId, c.req.valid('param').id);
    return ok(c, {});
  });
