import { desc, eq } from 'drizzle-orm';
import { db } from '../db/client';
import { devMailbox } from '../db/schema';
import { headerSafe, type Mail } from './types';

/**
 * The development transport: mail lands in D1 and is read at /dev/mailbox. Keyed by the outbox id,
 * so a duplicated queue delivery stores the mail once.
 */
export async function deliverToDevbox(d1: D1Database, id: string, mail: Mail, now: number): Promise<void> {
  await db(d1)
    .insert(devMailbox)
    .values({
      id,
      toAddress: headerSafe(mail.to),
      subject: headerSafe(mail.subject),
      textBody: mail.text,
      htmlBody: mail.html,
      createdAt: now,
    })
    .onConflictDoNothing({ target: devMailbox.id })
    .run();
}

/** The newest mails in the dev mailbox, optionally for one address, for the /dev/mailbox page. */
export async function listDevbox(d1: D1Database, to: string | null, limit = 50) {
  const d = db(d1);
  const query = d.select().from(devMailbox);
  return (to ? query.where(eq(devMailbox.toAddress, to)) : query).orderBy(desc(devMailbox.createdAt)).limit(limit);
}

/** Whether this deployment may show the dev mailbox: never in production (issue 4). */
export const devMailboxEnabled = (env: Env) => env.ENVIRONMENT !== 'production' && env.MAIL_TRANSPORT === 'devbox';
