import { deliverToDevbox } from './devbox';
import type { Mail } from './types';

/** Sends one mail through the configured transport; `id` is the idempotency key (the outbox id). */
export async function sendMail(env: Env, id: string, mail: Mail, now: number): Promise<void> {
  switch (env.MAIL_TRANSPORT) {
    case 'devbox':
      return deliverToDevbox(env.DB, id, mail, now);
    default:
      throw new Error(`MAIL_TRANSPORT "${env.MAIL_TRANSPORT}" is not configured`);
  }
}
