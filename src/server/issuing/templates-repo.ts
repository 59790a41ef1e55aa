import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { db } from '../db/client';
import type { CertTemplateRow } from '../db/rows';
import { certTemplates } from '../db/schema';

/** SQL of certificate templates; writes come back as statements for the caller's batch. */
export function templatesRepo(d1: D1Database) {
  const d = db(d1);
  return {
    insert: (row: typeof certTemplates.$inferInsert) => d.insert(certTemplates).values(row),

    /** One of the issuer's templates, retired or not; null for anyone else's. */
    async owned(id: string, issuerId: string): Promise<CertTemplateRow | null> {
      const rows = await d
        .select()
        .from(certTemplates)
        .where(and(eq(certTemplates.id, id), eq(certTemplates.issuerId, issuerId)))
        .limit(1);
      return rows[0] ?? null;
    },

    list: (issuerId: string): Promise<CertTemplateRow[]> =>
      d
        .select()
        .from(certTemplates)
        .where(eq(certTemplates.issuerId, issuerId))
        .orderBy(desc(certTemplates.createdAt))
        .limit(500),

    /**
     * Changes a live template, unless the change would drop a language that a live document of it
     * is written in (checked inside the statement, so a document issued meanwhile is counted).
     */
    update(id: string, issuerId: string, set: Partial<typeof certTemplates.$inferInsert>, languagesJson?: string) {
      const keepsUsedLanguages = languagesJson
        ? sql`NOT EXISTS (SELECT 1 FROM acad_docs WHERE template_id = ${id} AND deleted_at IS NULL
            AND language NOT IN (SELECT value FROM json_each(${languagesJson})))`
        : undefined;
      return d
        .update(certTemplates)
        .set(set)
        .where(
          and(
            eq(certTemplates.id, id),
            eq(certTemplates.issuerId, issuerId),
            isNull(certTemplates.deletedAt),
            keepsUsedLanguages,
          ),
        )
        .returning({ id: certTemplates.id });
    },

    /** An outbox condition (onlyIf): the template was last changed at `now`, by this very batch. */
    updatedAt: (id: string, now: number) => ({
      sql: 'EXISTS (SELECT 1 FROM cert_templates WHERE id = ? AND updated_at = ?)',
      params: [id, now],
    }),

    /** Retires a live template: no new documents, but every document of it can still be printed. */
    retire: (id: string, issuerId: string, now: number) =>
      d
        .update(certTemplates)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(certTemplates.id, id), eq(certTemplates.issuerId, issuerId), isNull(certTemplates.deletedAt)))
        .returning({ id: certTemplates.id }),
  };
}
