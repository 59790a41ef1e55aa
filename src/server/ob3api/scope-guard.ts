import { requireScope as bearerWith } from '../middleware/bearer';
import type { Scope } from './scopes';
import { tokensRepo } from './tokens-repo';

/** The resource calls' guard: a live access token of this API (its own tokens) carrying `scope`. */
export const requireScope = (scope: Scope) =>
  bearerWith(scope, (d1, tokenHash, now) => tokensRepo(d1).findAccess(tokenHash, now));
