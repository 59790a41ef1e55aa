import { and, eq } from 'drizzle-orm';
import { rawStatement, type SqlCondition } from '../db/batch';
import { db } from '../db/client';
import type { AcadDocRow } from '../db/rows';
import { acadDocs } from '../db/schema';

/** What the issuer side writes into a new document; the template supplies kind and checks the rest. */
export interface NewAcadDoc {
  id: string;
  issuerId: string;
  templateId: string;
  recipientEmail: string;
  recipientEmailNormalized: string;
  name: string;
  title: string;
  issuerName: string;
  detailsJson: string;
  rowsJson: string | null;
  language: string;
  isBlockchain: boolean;
  issuedOn: number;
  recipientSalt: string;
  recipientHash: string;
  reissuedFrom: string | null;
}

/**
 * The account holding the address (?4) verified, decided inside the batch: a verification racing
 * the award cannot leave the document unmatched, it is matched either here or by the verification.
 */
const OWNER = `(SELECT e.account_id FROM account_emails e JOIN accounts a ON a.id = e.account_id
  WHERE e.email_normalized = ?4 AND e.verified_at IS NOT NULL AND a.status = 'active' LIMIT 1)`;

const NOTIFY =
  'INSERT INTO notifications (account_id, type, message_key, message_params, url, is_read, deleted, created_at)';

/** SQL of certificates (academic documents) as the issuer API writes them. */
export function acadDocsRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /**
     * Inserts a document only if its template is the issuer's, live, and written in the document's
     * language, and (for a reissue) only while the document it replaces is not deleted. The kind is
     * copied from the template, so a document can never disagree with the template it prints with.
     */
    insertChecked(doc: NewAcadDoc, now: number) {
      return rawStatement(
        d1,
        `INSERT INTO acad_docs (id, issuer_id, template_id, kind, recipient_email, recipient_email_normalized,
           account_id, name, title, issuer_name, details_json, rows_json, language, is_blockchain, issued_on,
           recipient_salt, recipient_hash, reissued_from, is_public, pdf_state, created_at, updated_at)
         SELECT ?1, ?2, t.id, t.kind, ?3, ?4, ${OWNER}, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,
           ?13, ?14, ?15, 0, 'pending', ?16, ?16
         FROM cert_templates t
         WHERE t.id = ?17 AND t.issuer_id = ?2 AND t.deleted_at IS NULL
           AND EXISTS (SELECT 1 FROM json_each(t.languages_json) WHERE value = ?10)
           AND (?15 IS NULL OR EXISTS (
             SELECT 1 FROM acad_docs o WHERE o.id = ?15 AND o.issuer_id = ?2 AND o.deleted_at IS NULL))`,
        doc.id,
        doc.issuerId,
        doc.recipientEmail,
        doc.recipientEmailNormalized,
        doc.name,
        doc.title,
        doc.issuerName,
        doc.detailsJson,
        doc.rowsJson,
        doc.language,
        doc.isBlockchain ? 1 : 0,
        doc.issuedOn,
        doc.recipientSalt,
        doc.recipientHash,
        doc.reissuedFrom,
        now,
        doc.templateId,
      );
    },

    /** Holds when the document was written by this batch: the condition of its mail and print jobs. */
    written: (id: string): SqlCondition => ({ sql: 'EXISTS (SELECT 1 FROM acad_docs WHERE id = ?)', params: [id] }),

    /** A notification for the owner, if the document has one (type 1: awarded). */
    notifyOwner: (id: string, messageKey: string, url: string, now: number) =>
      rawStatement(
        d1,
        `${NOTIFY} SELECT account_id, 1, ?2, json_object('title', title, 'issuer', issuer_name), ?3, 0, 0, ?4
         FROM acad_docs WHERE id = ?1 AND account_id IS NOT NULL`,
        id,
        messageKey,
        url,
        now,
      ),

    /** Retires the document a reissue replaces, once (and only if) its successor was written. */
    retireReplaced: (oldId: string, newId: string, issuerId: string, now: number) =>
      rawStatement(
        d1,
        `UPDATE acad_docs SET deleted_at = ?4, updated_at = ?4
         WHERE id = ?1 AND issuer_id = ?3 AND deleted_at IS NULL AND EXISTS (SELECT 1 FROM acad_docs WHERE id = ?2)`,
        oldId,
        newId,
        issuerId,
        now,
      ),

    /** One of this issuer's documents, or null: issuers never see another issuer's. */
    async owned(id: string, issuerId: string): Promise<AcadDocRow | null> {
      const rows = await d
        .select()
        .from(acadDocs)
        .where(and(eq(acadDocs.id, id), eq(acadDocs.issuerId, issuerId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Revokes a live document; the RETURNING row says whether this call did it. */
    revoke: (id: string, issuerId: string, reason: string, now: number) =>
      rawStatement(
        d1,
        `UPDATE acad_docs SET revoked_at = ?4, revoked_reason = ?3, updated_at = ?4
         WHERE id = ?1 AND issuer_id = ?2 AND revoked_at IS NULL AND deleted_at IS NULL RETURNING id`,
        id,
        issuerId,
        reason,
        now,
      ),

    /** Deletes a document (it stops verifying and leaves the wallet); RETURNING says whether this call did. */
    remove: (id: string, issuerId: string, now: number) =>
      rawStatement(
        d1,
        `UPDATE acad_docs SET deleted_at = ?3, is_public = 0, updated_at = ?3
         WHERE id = ?1 AND issuer_id = ?2 AND deleted_at IS NULL RETURNING id`,
        id,
        issuerId,
        now,
      ),

    /** Holds when the document was deleted at exactly `now`, by this batch. */
    deletedAt: (id: string, now: number): SqlCondition => ({
      sql: 'EXISTS (SELECT 1 FROM acad_docs WHERE id = ? AND deleted_at = ?)',
      params: [id, now],
    }),
  };
}
