import type { Translate } from '../../i18n/translator';
import { renderMail } from '../mail/render';

type AccountMail =
  'activation' | 'already_registered' | 'reset' | 'initial' | 'email_code' | 'merge_code' | 'email_removed';

/**
 * The account mails of spec §3 (provisional registration, password reset, initial password), in the
 * recipient's language; links are built by the caller from PUBLIC_BASE_URL, never from headers.
 */
export function accountMail(
  kind: AccountMail,
  to: string,
  t: Translate,
  link: string,
  vars: Record<string, string | number> = {},
) {
  const key = `mail.${kind}`;
  return renderMail(
    to,
    {
      subject: t(`${key}.subject`),
      paragraphs: [t('mail.award.greeting'), t(`${key}.body`, vars)],
      action: { label: t(`${key}.action`), url: link },
      footer: t(`${key}.footer`),
    },
    t,
  );
}
