import type { Language } from '../../../i18n/languages';
import { AppError } from '../../errors';
import { translator } from '../../http/translator';
import { cachedCard } from '../../share/service';
import { plainSealUrl, sealUrl } from '../../share/seal';
import { heldClrRepo } from './repo';
import type { HeldVerdict } from './service';

/**
 * The 1200x630 share image of a public held learner record (issue 38): its title, its issuer and
 * "Learner record (CLR 2.0)" in the visitor's language where a certificate's card names its
 * recipient (a held record's learner is not shown: Lanyard may not have tied it to the holder).
 * Where the issuer's name is only the record's own claim, the card says so and its seal has no
 * check mark. Cached like a certificate's card; a private, revoked or removed record answers 404
 * before any cache is read.
 */
export async function heldRecordShareImage(
  env: Env,
  id: string,
  lang: Language,
  waitUntil: (p: Promise<unknown>) => void,
) {
  const row = await heldClrRepo(env.DB).publicOne(id);
  if (!row) throw new AppError('E404108');
  const t = await translator(env, lang);
  const claimed = (JSON.parse(row.reportJson) as HeldVerdict).issuer_claimed;
  const issuer = claimed ? t('records.issuer_unproven', { name: row.issuerName }) : row.issuerName;
  const line = t('certificates.kind_record');
  const shown = [row.title, issuer, line, lang, claimed ? 'seal-plain' : 'seal-1'];
  return cachedCard(env, `record-${id}`, shown, waitUntil, () =>
    Promise.resolve({
      badge: row.title,
      issuer,
      recipient: line,
      image: claimed ? plainSealUrl() : sealUrl(),
      lang,
    }),
  );
}
