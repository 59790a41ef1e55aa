import { deliverToDevbox } from './devbox';
import { deliverByHttp } from './http-api';
import { deliverBySmtp } from './smtp';
import { withReceptionFooter } from './reception';
import { headerSafe, type Mail } from './types';

/** Sends one mail through the configured transport; `id` is the idempotency key (the outbox id). */
export async function sendMail(env: Env, id: string, stored: Mail, now: number): Promise<void> {
  // Rendering already strips CR/LF; done again here because the payload sat in D1 meanwhile (NOTIF-01).
  const clean = { ...stored, to: headerSafe(stored.to), subject: headerSafe(stored.subject) };
  // Every mail to an account carries its reception-settings link (issue 20), made when it is sent.
  const mail = await withReceptionFooter(env, clean, now);
  switch (env.MAIL_TRANSPORT) {
    case 'devbox':
      if (env.ENVIRONMENT === 'production') throw new Error('the dev mailbox is not a production transport');
      return deliverToDevbox(env.DB, id, mail, now);
    case 'smtp':
      return deliverBySmtp(env, id, mail);
    case 'http':
      return deliverByHttp(env, id, mail);
    default:
      throw new Error(`MAIL_TRANSPORT "${env.MAIL_TRANSPORT}" is not configured`);
  }
}
