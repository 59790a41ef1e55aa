import { AppError } from '../../errors';
import { cachedCard } from '../../share/service';
import { SEAL_URL } from '../../share/seal';
import { heldClrRepo } from './repo';

/**
 * The 1200x630 share image of a public held learner record (issue 38): its title and issuer, and
 * "CLR 2.0" where a certificate's card names its recipient (a held record's learner is not shown:
 * Lanyard may not have tied it to the holder). Cached like a certificate's card; a private or
 * removed record answers 404 before any cache is read.
 */
export async function heldRecordShareImage(
  env: Env,
  id: string,
  lang: string,
  waitUntil: (p: Promise<unknown>) => void,
) {
  const row = await heldClrRepo(env.DB).publicOne(id);
  if (!row) throw new AppError('E404108');
  const line = 'Comprehensive Learner Record (CLR 2.0)';
  const shown = [row.title, row.issuerName, line, lang, 'seal-1'];
  return cachedCard(env, `record-${id}`, shown, waitUntil, () =>
    Promise.resolve({ badge: row.title, issuer: row.issuerName, recipient: line, image: SEAL_URL, lang }),
  );
}
