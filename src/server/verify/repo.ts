/** The recipient of a badge issued here: the address it was sent to and its holder's name. */
export interface IssuedRecipient {
  email: string;
  firstName: string | null;
  lastName: string | null;
  language: string | null;
}

/** What verification reads from this wallet's own tables. */
export function verifyRepo(d1: D1Database) {
  return {
    /** The recipient of an assertion issued here, or null when there is no such assertion. */
    issuedRecipient: (assertionId: string) =>
      d1
        .prepare(
          `SELECT a.recipient_email AS email, acc.first_name AS firstName, acc.last_name AS lastName, acc.language
           FROM assertions a LEFT JOIN accounts acc ON acc.id = a.account_id WHERE a.id = ?`,
        )
        .bind(assertionId)
        .first<IssuedRecipient>(),
  };
}
