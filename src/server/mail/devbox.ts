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
