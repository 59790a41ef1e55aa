import type { Translate } from '../../i18n/translator';
import { renderMail } from '../mail/render';

/** The award mail (spec §3 "badge received"): in the recipient's language, with the receive link. */
export function awardMail(to: string, t: Translate, v: { badge: string; issuer: string; link: string; days: number }) {
  return renderMail(
    to,
    {
      subject: t('mail.award.subject', { badge: v.badge }),
      paragraphs: [
        t('mail.award.greeting'),
        t('mail.award.body', { issuer: v.issuer, badge: v.badge }),
        t('mail.award.link_valid', { days: v.days }),
      ],
      action: { label: t('mail.award.action'), url: v.link },
      footer: t('mail.award.footer'),
    },
    t,
  );
}
