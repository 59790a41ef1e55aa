import { Hono } from 'hono';
import { limitBody } from '../middleware/body-limit';
import type { Ob3Env } from '../middleware/bearer';
import { OB3_API } from './config';
import { answerList, listClrCredentials } from './credentials';
import { CLR_SHAPE, discoveryDocument } from './discovery';
import { imsxOnError } from './imsx';
import { profileOf } from './profile';
import { requireScope } from './scope-guard';
import { SCOPES } from './scopes';
import { answerUpsert } from './upsert';

/**
 * The CLR 2.0 API's resource calls (issue 38), shaped as the OB 3.0 API's and served by the same
 * OAuth server and tokens, each with its CLR scope: discovery (anyone), getCredentials (the
 * person's ClrCredentials), upsertCredential (a ClrCredential, held as the wallet's import holds
 * one; anything else is E422109) and getProfile. Errors are Imsx_StatusInfo.
 */
export const clrResourceRoutes = new Hono<Ob3Env>()
  .get('/discovery', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(discoveryDocument(c.env, CLR_SHAPE));
  })
  .get('/credentials', requireScope(SCOPES.clrCredentialRead), (c) => answerList(c, listClrCredentials))
  .post('/credentials', limitBody(OB3_API.upsertBodyMaxBytes), requireScope(SCOPES.clrCredentialUpsert), (c) =>
    answerUpsert(c, 'records'),
  )
  .get('/profile', requireScope(SCOPES.clrProfileRead), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await profileOf(c.env, c.var.ob3.accountId));
  })
  .onError(imsxOnError);
