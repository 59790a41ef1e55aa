import type { Translate } from '../../i18n/translator';
import { renderMail } from '../mail/render';
import type { Mail } from '../outbox/payloads';

/**
 * The information mail of a sign-in from a new device (issue 22), in the account's language: what
 * signed in, from where (if known) and when, and the link to the sessions list to sign it out.
 */
export function newDeviceMail(
  to: string,
  t: Translate,
  v: { device: string; place: string | null; time: string },
  link: string,
): Mail {
  const mail = renderMail(
    to,
    {
      subject: t('mail.new_device.subject'),
      paragraphs: [
        t('mail.award.greeting'),
        v.place
          ? t('mail.new_device.body', { device: v.device, place: v.place, time: v.time })
          : t('mail.new_device.body_no_place', { device: v.device, time: v.time }),
        t('mail.new_device.advice'),
      ],
      action: { label: t('mail.new_device.action'), url: link },
      footer: t('mail.new_device.footer'),
    },
    t,
  );
  return { ...mail, kind: 'info' };
}
