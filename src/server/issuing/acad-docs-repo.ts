import { and, eq, isNotNull } from 'drizzle-orm';
import { db } from '../db/client';
import { accountEmails, acadDocs } from '../db/schema';

/** SQL of certificates (academic documents) as the issuer API writes them. */
export function acadDocsRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /** The account that verified this address, whatever its state; null when none did. */
    async verifiedOwner(emailNormalized: string): Promise<string | null> {
      const rows = await d
        .select({ accountId: accountEmails.accountId })
        .from(accountEmails)
        .where(and(eq(accountEmails.emailNormalized, emailNormalized), isNotNull(accountEmails.verifiedAt)))
        .limit(1);
      return rows[0]?.accountId ?? null;
    },
    async insert(row: typeof acadDocs.$inferInsert) {
      await d.insert(acadDocs).values(row).run();
    },
  };
}
