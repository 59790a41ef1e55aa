import type { Translate } from '../../i18n/translator';
import { renderMail } from '../mail/render';

/**
 * The "certificate received" mail, in the recipient's language. Certificates need no receiving,
 * so it links to the certificate list; whoever has no account yet registers with this address
 * and finds the certificate there (documents are matched when an address is verified).
 */
export function certificateMail(
  to: string,
  t: Translate,
  v: { title: string; issuer: string; link: string; reissued: boolean },
) {
  const params = { title: v.title, issuer: v.issuer };
  return renderMail(
    to,
    {
      subject: t(v.reissued ? 'mail.certificate.subject_reissued' : 'mail.certificate.subject', params),
      paragraphs: [
        t('mail.certificate.greeting'),
        t(v.reissued ? 'mail.certificate.body_reissued' : 'mail.certificate.body', params),
        t('mail.certificate.account_hint'),
      ],
      action: { label: t('mail.certificate.action'), url: v.link },
      footer: t('mail.certificate.footer'),
    },
    t,
  );
}
