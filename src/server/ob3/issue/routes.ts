import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../context';
import { AppError } from '../../errors';
import { ownOb3Document } from './service';

/**
 * Public OB 3.0 issuing documents any verifier may fetch (issue 21): issuers' DID documents, their
 * signed status lists, and the signed credentials of awards made here. No credentials needed; the
 * status list is cached briefly, so a revocation shows within a minute everywhere.
 */
async function serve(c: Context<AppEnv>, maxAge: number) {
  const doc = await ownOb3Document(c.env, new URL(c.req.url).pathname);
  if (!doc) throw new AppError('E404101');
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  c.header('Cache-Control', `public, max-age=${maxAge}`);
  c.header('Content-Type', 'application/json; charset=utf-8');
  return c.body(JSON.stringify(doc));
}

export const ob3IssueRoutes = new Hono<AppEnv>()
  .get('/issuers/:id/did.json', (c) => serve(c, 300))
  .get('/issuers/:id/status/:n{[0-9]{1,6}}', (c) => serve(c, 60))
  .get('/credentials/:id', (c) => serve(c, 60));
