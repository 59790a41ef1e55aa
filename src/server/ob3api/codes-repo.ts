import { rawStatement } from '../db/batch';
import type { Ob3AuthCodeRow } from '../db/schema/ob3api';

/** Authorization codes and consents: written together when a person allows an application. */
export function codesRepo(d1: D1Database) {
  return {
    insert: (c: Omit<Ob3AuthCodeRow, 'usedBy'>) =>
      rawStatement(
        d1,
        `INSERT INTO ob3_auth_codes (code_hash, grant_id, client_id, account_id, redirect_uri, scope, code_challenge, created_at, expires_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ? AND status = 'active')`,
        c.codeHash,
        c.grantId,
        c.clientId,
        c.accountId,
        c.redirectUri,
        c.scope,
        c.codeChallenge,
        c.createdAt,
        c.expiresAt,
        c.accountId,
      ),

    /** The consent shown in settings: the latest scopes allowed, kept per account and application. */
    upsertConsent: (accountId: string, clientId: string, scope: string, now: number) =>
      rawStatement(
        d1,
        `INSERT INTO ob3_consents (account_id, client_id, scope, created_at, updated_at)
         SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ? AND status = 'active')
         ON CONFLICT (account_id, client_id) DO UPDATE SET scope = excluded.scope, updated_at = excluded.updated_at`,
        accountId,
        clientId,
        scope,
        now,
        now,
        accountId,
      ),
  };
}
