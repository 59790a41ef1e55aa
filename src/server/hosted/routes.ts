import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { hostedService } from './service';

/** Public, credential-free documents any verifier may fetch from any origin. */
function openHeaders(c: Context<AppEnv>, maxAge: number) {
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  c.header('Cache-Control', `public, max-age=${maxAge}`);
  c.header('Vary', 'Accept');
}

/** A browser (Accept prefers HTML) goes to the human page instead of the JSON-LD document. */
function wantsHtml(c: Context<AppEnv>): boolean {
  const accept = c.req.header('accept') ?? '';
  return /text\/html/.test(accept) && !/application\/(ld\+)?json/.test(accept.split(',')[0] ?? '');
}

const ldJson = (c: Context<AppEnv>, doc: object, status: 200 | 410 = 200) => {
  c.header('Content-Type', 'application/ld+json; charset=utf-8');
  return c.body(JSON.stringify(doc), status);
};

/** Images served back are never documents: fixed type, nosniff, and no active content (IMG-09). */
function imageResponse(c: Context<AppEnv>, bytes: Uint8Array<ArrayBuffer> | ReadableStream, type: 'png' | 'svg') {
  c.header('Content-Type', type === 'png' ? 'image/png' : 'image/svg+xml');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return c.body(bytes);
}

/** The hosted Open Badges 2.0 objects, each served at exactly its id (spec: stable URLs). */
export const hostedRoutes = new Hono<AppEnv>()
  .get(`/Assertion/:id`, async (c) => {
    const s = hostedService(c.env);
    const id = c.req.param('id');
    const live = await s.liveDocument(id);
    // An academic document's person-facing page is the certificate page (issue 18).
    if (wantsHtml(c)) return c.redirect(live.acad ? s.urls.publicAcadDocPage(id) : s.urls.publicBadgePage(id), 303);
    if (live.kind === 'missing') throw new AppError('E404101');
    openHeaders(c, 60);
    // A revoked (or deleted) hosted assertion answers 410 Gone with revoked: true (OB 2.0).
    return live.kind === 'gone' ? ldJson(c, live.doc, 410) : ldJson(c, live.doc);
  })
  .get(`/Assertion/:id/image`, async (c) => {
    const result = await hostedService(c.env).bakedImage(c.req.param('id'), (p) => c.executionCtx.waitUntil(p));
    if (result.kind === 'missing') throw new AppError('E404101');
    openHeaders(c, 60);
    if (result.kind === 'gone') return ldJson(c, result.doc, 410);
    return imageResponse(c, result.bytes, result.type);
  })
  .get(`/BadgeClass/:id`, async (c) => {
    const s = hostedService(c.env);
    const found = await s.badgeClass(c.req.param('id'));
    if (!found) throw new AppError('E404101');
    if (wantsHtml(c))
      return c.redirect(
        found.bc ? s.urls.badgeClassPage(found.bc.issuerId, found.bc.id) : s.urls.publicAcadDocPage(c.req.param('id')),
        303,
      );
    openHeaders(c, 300);
    return ldJson(c, found.doc);
  })
  .get(`/Issuer/:id`, async (c) => {
    const s = hostedService(c.env);
    const doc = await s.issuer(c.req.param('id'));
    if (!doc) throw new AppError('E404102');
    if (wantsHtml(c)) return c.redirect(s.urls.issuerPage(c.req.param('id')), 303);
    openHeaders(c, 300);
    return ldJson(c, doc);
  })
  .get(`/:kind{Issuer|BadgeClass}/:id/image`, async (c) => {
    const s = hostedService(c.env);
    const kind = c.req.param('kind') === 'Issuer' ? 'issuer' : 'badgeClass';
    const obj = await s.image(kind, c.req.param('id'));
    if (!obj) {
      // An academic document's class image (issue 18): a template image or a generated card.
      const png = kind === 'badgeClass' ? await s.acad.classImage(c.req.param('id')) : null;
      if (!png) throw new AppError('E404100');
      openHeaders(c, 3600);
      return imageResponse(c, png, 'png');
    }
    openHeaders(c, 3600);
    return imageResponse(c, obj.body, obj.httpMetadata?.contentType === 'image/png' ? 'png' : 'svg');
  })
  .get(`/CryptographicKey/:id`, async (c) => {
    const doc = await hostedService(c.env).key(c.req.param('id'));
    if (!doc) throw new AppError('E404100');
    openHeaders(c, 300);
    return ldJson(c, doc);
  })
  .get(`/RevocationList/:id`, async (c) => {
    const doc = await hostedService(c.env).revocationList(c.req.param('id'));
    if (!doc) throw new AppError('E404102');
    // Revocation must be seen promptly: a minute at most.
    openHeaders(c, 60);
    return ldJson(c, doc);
  });
