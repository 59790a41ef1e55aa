import { AppError } from '../errors';
import { ob3Url } from './config';
import { holderRepo } from './holder-repo';

/**
 * getProfile (1EdTech OB 3.0 §6.2.4): the person as an OB 3.0 Profile: an identifier of this host
 * for the account, the name, and the first verified address (the consent page names this scope).
 */
export async function profileOf(env: Env, accountId: string) {
  const p = await holderRepo(env.DB).profile(accountId);
  if (!p) throw new AppError('E401161');
  const name = [p.firstName, p.lastName].filter((s) => s.trim() !== '').join(' ');
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: ob3Url(env, `/profiles/${encodeURIComponent(accountId)}`),
    type: ['Profile'],
    ...(name ? { name } : {}),
    givenName: p.firstName,
    familyName: p.lastName,
    ...(p.email ? { email: p.email } : {}),
  };
}
