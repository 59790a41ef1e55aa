import { devboxRepo } from './devbox-repo';
import { headerSafe, type Mail } from './types';

/**
 * The development transport: mail lands in D1 and is read at /dev/mailbox. Keyed by the outbox id,
 * so a duplicated queue delivery stores the mail once.
 */
export async function deliverToDevbox(d1: D1Database, id: string, mail: Mail, now: number): Promise<void> {
  await devboxRepo(d1).insert({
    id,
    toAddress: headerSafe(mail.to),
    subject: headerSafe(mail.subject),
    textBody: mail.text,
    htmlBody: mail.html,
    headers: JSON.stringify(mail.headers ?? {}),
    createdAt: now,
  });
}

/** The newest mails in the dev mailbox, optionally for one address, for the /dev/mailbox page. */
export async function listDevbox(d1: D1Database, to: string | null, limit = 50) {
  return devboxRepo(d1).list(to, limit);
}

/** Whether this deployment may show the dev mailbox: never in production (issue 4). */
export const devMailboxEnabled = (env: Env) => env.ENVIRONMENT !== 'production' && env.MAIL_TRANSPORT === 'devbox';
