import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import { fullName } from '../../lib/names';
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
  // The name in the order of the person's own language (issue 35), as their share image writes it.
  const name = fullName(p.firstName, p.lastName, toLanguage(p.language) ?? DEFAULT_LANGUAGE);
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
