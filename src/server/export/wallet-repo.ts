/** How many items one export step writes: bounds each step's memory and time (5,000 badges = 100 steps). */
export const SLICE = 50;

export interface IssuedItem {
  id: string;
  name: string;
  issuerName: string;
  issuedOn: number;
}
/** A badge issued here, with its class's picture (the wallet's, kept where no baked image is). */
export interface OwnItem extends IssuedItem {
  /** The class image's R2 key while the wallet shows it (the class has one and is not deleted). */
  imageKey: string | null;
  imageType: 'png' | 'svg' | null;
}
/** One row of the index: its title and what the wallet shows of its state. */
export interface LabelItem extends IssuedItem {
  /** Revoked, or deleted by its issuer (its hosted documents then say it was revoked). */
  revokedAt: number | null;
  expiresAt: number | null;
  /** 1 when its last re-check found it no longer verifies (an imported badge, a held record); else 0. */
  invalid: number;
}
export interface HostItem extends IssuedItem {
  format: string;
  assertionJson: string;
  badgeJson: string;
  issuerJson: string;
  rawCredential: string | null;
  imageKey: string | null;
  revokedAt: number | null;
}
/** A learner record held from elsewhere (issue 38): the record as it was received. */
export interface RecordItem extends IssuedItem {
  raw: string;
}
export interface CertItem extends IssuedItem {
  title: string;
  kind: string;
  detailsJson: string;
  rowsJson: string | null;
  pdfKey: string | null;
  revokedAt: number | null;
}

/*
 * The index's labels. A certificate's row is named by the document's title (its `name` column is
 * the holder's, the same on every row); a badge issued here counts as revoked once its issuer
 * deleted it, as its hosted documents say.
 */
const LABELS = {
  issued: `SELECT a.id, c.name, i.name AS issuerName, a.issued_on AS issuedOn,
      COALESCE(a.revoked_at, a.deleted_by_issuer_at) AS revokedAt, a.expires_at AS expiresAt, 0 AS invalid
    FROM assertions a JOIN badge_classes c ON c.id = a.badge_class_id JOIN issuers i ON i.id = a.issuer_id
    WHERE a.account_id = ?1 AND a.accept_status != 0 AND a.deleted_by_owner_at IS NULL AND a.id > ?2
    ORDER BY a.id LIMIT ?3`,
  host: `SELECT id, name, issuer_name AS issuerName, issued_on AS issuedOn, revoked_at AS revokedAt,
      expires_at AS expiresAt, verify_status = 'invalid' AS invalid
    FROM host_assertions WHERE account_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`,
  certs: `SELECT id, title AS name, issuer_name AS issuerName, issued_on AS issuedOn, revoked_at AS revokedAt,
      NULL AS expiresAt, 0 AS invalid
    FROM acad_docs WHERE account_id = ?1 AND deleted_at IS NULL AND id > ?2 ORDER BY id LIMIT ?3`,
  records: `SELECT id, title AS name, issuer_name AS issuerName, issued_on AS issuedOn, revoked_at AS revokedAt,
      expires_at AS expiresAt, verify_status = 'invalid' AS invalid
    FROM held_clrs WHERE account_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`,
} as const;

/**
 * The wallet's contents as an export reads them: by keyset pages (id > after) so a step never
 * rereads what an earlier step wrote, and only the account's own rows.
 */
export function exportSourceRepo(d1: D1Database) {
  const page = async <T>(query: string, accountId: string, after: string, limit: number) =>
    (await d1.prepare(query).bind(accountId, after, limit).all<T>()).results;
  return {
    /**
     * Labels only (id, title, issuer, date, state) of one section, for the index: never the
     * documents, so a page of a thousand rows stays small whatever the badges carry.
     */
    labels: (section: keyof typeof LABELS, accountId: string, after: string, limit: number) =>
      page<LabelItem>(LABELS[section], accountId, after, limit),
    /** Badges issued here that the person received (a claimable one is not theirs yet). */
    issued: (accountId: string, after: string, limit = SLICE) =>
      page<OwnItem>(
        `SELECT a.id, c.name, i.name AS issuerName, a.issued_on AS issuedOn,
           CASE WHEN c.deleted_at IS NULL THEN c.image_key END AS imageKey,
           CASE WHEN c.deleted_at IS NULL THEN c.image_type END AS imageType
         FROM assertions a JOIN badge_classes c ON c.id = a.badge_class_id JOIN issuers i ON i.id = a.issuer_id
         WHERE a.account_id = ?1 AND a.accept_status != 0 AND a.deleted_by_owner_at IS NULL AND a.id > ?2
         ORDER BY a.id LIMIT ?3`,
        accountId,
        after,
        limit,
      ),
    /** Imported badges (OB 2.0, OB 3.0, Blockcerts) with what was received. */
    host: (accountId: string, after: string, limit = SLICE) =>
      page<HostItem>(
        `SELECT id, name, issuer_name AS issuerName, issued_on AS issuedOn, format, assertion_json AS assertionJson,
           badge_json AS badgeJson, issuer_json AS issuerJson, raw_credential AS rawCredential, image_key AS imageKey,
           revoked_at AS revokedAt
         FROM host_assertions WHERE account_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`,
        accountId,
        after,
        limit,
      ),
    /** Academic certificates (issue 18) with their printed PDF's key when it is ready. */
    certs: (accountId: string, after: string, limit = SLICE) =>
      page<CertItem>(
        `SELECT id, name, title, issuer_name AS issuerName, issued_on AS issuedOn, kind, details_json AS detailsJson,
           rows_json AS rowsJson, CASE WHEN pdf_state = 'ready' THEN pdf_key END AS pdfKey, revoked_at AS revokedAt
         FROM acad_docs WHERE account_id = ?1 AND deleted_at IS NULL AND id > ?2 ORDER BY id LIMIT ?3`,
        accountId,
        after,
        limit,
      ),
    /** Learner records held from elsewhere (issue 38), as they were received. */
    records: (accountId: string, after: string, limit = SLICE) =>
      page<RecordItem>(
        `SELECT id, title AS name, issuer_name AS issuerName, issued_on AS issuedOn, raw
         FROM held_clrs WHERE account_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`,
        accountId,
        after,
        limit,
      ),
  };
}
