import type { AcadDocKind } from '../db/schema';

/** The recipient of a badge issued here: the address it was sent to and its holder's name. */
export interface IssuedRecipient {
  email: string;
  firstName: string | null;
  lastName: string | null;
  language: string | null;
}

/**
 * An assertion issued here, badge or academic document (issue 35): for a document, its kind and
 * the recipient's name as the document itself writes it (its `name` field, in its own script).
 */
export interface IssuedAssertion extends IssuedRecipient {
  documentKind: AcadDocKind | null;
  documentName: string | null;
}

/**
 * A public imported badge: where it is hosted or the credential as received (an OB 3.0 one, issue
 * 21), and its holder (the address is never answered).
 */
export interface PublicHostRecipient extends IssuedRecipient {
  sourceUrl: string | null;
  format: 'ob2' | 'blockcerts' | 'ob3';
  rawCredential: string | null;
}

/** What verification reads from this wallet's own tables. */
export function verifyRepo(d1: D1Database) {
  return {
    /**
     * The recipient of an assertion issued here, or null when there is no such assertion. An
     * academic document is an assertion too (issue 18): its id is looked up when no badge has it,
     * and it answers its kind and the name it is written out to (issue 35).
     */
    issuedRecipient: (assertionId: string) =>
      d1
        .prepare(
          `SELECT a.recipient_email AS email, acc.first_name AS firstName, acc.last_name AS lastName, acc.language,
             NULL AS documentKind, NULL AS documentName
           FROM assertions a LEFT JOIN accounts acc ON acc.id = a.account_id WHERE a.id = ?1
           UNION ALL
           SELECT d.recipient_email, acc.first_name, acc.last_name, acc.language, d.kind, d.name
           FROM acad_docs d LEFT JOIN accounts acc ON acc.id = d.account_id WHERE d.id = ?1
           LIMIT 1`,
        )
        .bind(assertionId)
        .first<IssuedAssertion>(),
    /**
     * A public imported badge of an active account that is hosted somewhere (a signed import keeps
     * no signature to check again), or null: private, deleted and closed wallets are not found. A
     * private one is found only for its owner (`viewer`, the signed-in account; issue 21, AZ-05):
     * for anyone else it is missing.
     */
    hostRecipient: (hostId: string, viewer: string | null) =>
      d1
        .prepare(
          `SELECT h.source_url AS sourceUrl, h.format, h.raw_credential AS rawCredential,
             h.recipient_email AS email, acc.first_name AS firstName, acc.last_name AS lastName, acc.language
           FROM host_assertions h JOIN accounts acc ON acc.id = h.account_id
           WHERE h.id = ?1 AND (h.is_public = 1 OR h.account_id = ?2)
             AND (h.source_url IS NOT NULL OR h.raw_credential IS NOT NULL) AND acc.status = 'active'`,
        )
        .bind(hostId, viewer)
        .first<PublicHostRecipient>(),
  };
}
