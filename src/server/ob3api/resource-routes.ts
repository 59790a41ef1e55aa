import { Hono } from 'hono';
import { limitBody } from '../middleware/body-limit';
import type { Ob3Env } from '../middleware/bearer';
import { requireScope } from './scope-guard';
import { OB3_API } from './config';
import { answerList, listCredentials, type IssuedCredential } from './credentials';
import { authorizationServerMetadata, discoveryDocument } from './discovery';
import { imsxOnError } from './imsx';
import { profileOf } from './profile';
import { SCOPES } from './scopes';
import { answerUpsert } from './upsert';

/**
 * The OB 3.0 resource calls (1EdTech OB 3.0 §6.2): discovery (anyone), getCredentials,
 * upsertCredential and getProfile (a Bearer token with the call's scope). Errors are Imsx_StatusInfo.
 * `issued` gives the signed credential of an award made here.
 */
export function resourceRoutes(issued: IssuedCredential) {
  return new Hono<Ob3Env>()
    .get('/discovery', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(discoveryDocument(c.env));
    })
    .get('/credentials', requireScope(SCOPES.credentialRead), (c) =>
      answerList(c, (env, accountId, q) => listCredentials(env, accountId, q, issued)),
    )
    .post('/credentials', limitBody(OB3_API.upsertBodyMaxBytes), requireScope(SCOPES.credentialUpsert), (c) =>
      answerUpsert(c, 'badges'),
    )
    .get('/profile', requireScope(SCOPES.profileRead), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await profileOf(c.env, c.var.ob3.accountId));
    })
    .onError(imsxOnError);
}

/** RFC 8414 metadata at the origin's well-known path (anyone; cached like the discovery document). */
export const wellKnownRoutes = new Hono<Ob3Env>().get('/oauth-authorization-server', (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(authorizationServerMetadata(c.env));
});
