import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { blockcertsService } from './service';

/** Public, credential-free documents any Blockcerts verifier may fetch from any origin. */
function open(c: Context<AppEnv>, doc: object, maxAge: number, status: 200 | 410 = 200) {
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  c.header('Cache-Control', `public, max-age=${maxAge}`);
  c.header('Content-Type', 'application/ld+json; charset=utf-8');
  return c.body(JSON.stringify(doc), status);
}

/**
 * What Lanyard hosts for Blockcerts (issue 19), at stable URLs next to the Open Badges objects:
 * issuer profiles, revocation lists (read per request: a revocation shows at once; the verifier's
 * `?assertionId=` filter is ignored, the list is small) and anchored credentials (spec §7 AssertionBC).
 */
export const blockcertsRoutes = new Hono<AppEnv>()
  .get('/BlockcertsIssuer/:id', async (c) => {
    const doc = await blockcertsService(c.env).issuerProfile(c.req.param('id'));
    if (!doc) throw new AppError('E404102');
    return open(c, doc, 300);
  })
  .get('/BlockcertsRevocationList/:id', async (c) => {
    const doc = await blockcertsService(c.env).revocationList(c.req.param('id'));
    if (!doc) throw new AppError('E404102');
    return open(c, doc, 60);
  })
  .get('/AssertionBC/:id', async (c) => {
    const r = await blockcertsService(c.env).hosted(c.req.param('id'));
    // Until its batch is anchored there is no blockchain certificate to give (spec: 404 before).
    if (r.kind === 'missing') throw new AppError('E404101');
    return r.kind === 'gone' ? open(c, r.doc, 60, 410) : open(c, r.doc, 60);
  });
