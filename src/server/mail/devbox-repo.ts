import { desc, eq } from 'drizzle-orm';
import { db } from '../db/client';
import { devMailbox } from '../db/schema';

/** SQL of the development mailbox (the devbox transport and the /dev/mailbox page). */
export function devboxRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /** Stores one mail; keyed by the outbox id, so a second delivery of it changes nothing. */
    async insert(row: typeof devMailbox.$inferInsert) {
      await d.insert(devMailbox).values(row).onConflictDoNothing({ target: devMailbox.id }).run();
    },
    /** The newest mails, optionally for one address. */
    async list(to: string | null, limit: number) {
      const query = d.select().from(devMailbox);
      return (to ? query.where(eq(devMailbox.toAddress, to)) : query).orderBy(desc(devMailbox.createdAt)).limit(limit);
    },
  };
}
