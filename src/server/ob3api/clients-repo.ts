import { rawStatement } from '../db/batch';
import type { Ob3ClientRow } from '../db/schema/ob3api';

const COLUMNS = `id, secret_hash AS secretHash, client_name AS clientName, client_uri AS clientUri, logo_uri AS logoUri,
  tos_uri AS tosUri, policy_uri AS policyUri, software_id AS softwareId, software_version AS softwareVersion,
  redirect_uris AS redirectUris, scope, created_at AS createdAt`;

/** Registered OB 3.0 applications (RFC 7591). */
export function clientsRepo(d1: D1Database) {
  return {
    /**
     * Registers a client unless the table is at its cap: the count is re-checked inside the INSERT,
     * so parallel registrations cannot pass it together. Returns whether the row was written.
     */
    insertCapped: async (c: Ob3ClientRow, cap: number) => {
      const r = await rawStatement(
        d1,
        `INSERT INTO ob3_clients (id, secret_hash, client_name, client_uri, logo_uri, tos_uri, policy_uri, software_id,
           software_version, redirect_uris, scope, created_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM ob3_clients) < ?`,
        c.id,
        c.secretHash,
        c.clientName,
        c.clientUri,
        c.logoUri,
        c.tosUri,
        c.policyUri,
        c.softwareId,
        c.softwareVersion,
        c.redirectUris,
        c.scope,
        c.createdAt,
        cap,
      ).run();
      return r.meta.changes === 1;
    },

    find: (id: string) => rawStatement(d1, `SELECT ${COLUMNS} FROM ob3_clients WHERE id = ?`, id).first<Ob3ClientRow>(),
  };
}
