import { requireIssuerKey } from '../middleware/issuer-auth';
import { issuingRepo } from './repo';

/** The issuer API's guard: the API key must be one of an issuer's (only its hash is stored). */
export const issuerKeyGuard = () => requireIssuerKey((d1, keyHash) => issuingRepo(d1).issuerIdForKey(keyHash));
