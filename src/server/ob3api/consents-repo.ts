import { rawStatement } from '../db/batch';

/** One application a person connected, as settings lists it. */
export interface ConnectedAppRow {
  clientId: string;
  clientName: string;
  clientUri: string;
  scope: string;
  createdAt: number;
}

/** The consents a person gave (settings: connected apps) and their withdrawal. */
export function consentsRepo(d1: D1Database) {
  return {
    list: async (accountId: string) =>
      (
        await rawStatement(
          d1,
          `SELECT s.client_id AS clientId, c.client_name AS clientName, c.client_uri AS clientUri, s.scope, s.created_at AS createdAt
           FROM ob3_consents s JOIN ob3_clients c ON c.id = s.client_id WHERE s.account_id = ? ORDER BY s.created_at DESC, s.client_id`,
          accountId,
        ).all<ConnectedAppRow>()
      ).results,

    /**
     * Withdrawal, for one batch: the consent goes (the first statement's change count says whether
     * there was one), the application's live tokens are revoked and its unused codes spent.
     */
    withdraw: (accountId: string, clientId: string, now: number) => [
      rawStatement(d1, 'DELETE FROM ob3_consents WHERE account_id = ? AND client_id = ?', accountId, clientId),
      rawStatement(
        d1,
        'UPDATE ob3_tokens SET revoked_at = ? WHERE account_id = ? AND client_id = ? AND revoked_at IS NULL',
        now,
        accountId,
        clientId,
      ),
      rawStatement(
        d1,
        "UPDATE ob3_auth_codes SET used_by = 'withdrawn' WHERE account_id = ? AND client_id = ? AND used_by IS NULL",
        accountId,
        clientId,
      ),
    ],
  };
}
