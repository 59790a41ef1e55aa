import { rawStatement } from '../db/batch';
import type { PortalFlowRow, PortalPendingRow } from '../db/schema';

const FLOW_COLUMNS = `state_hash AS stateHash, binding_hash AS bindingHash, provider_id AS providerId, nonce,
  code_verifier AS codeVerifier, return_to AS returnTo, language, created_at AS createdAt, expires_at AS expiresAt`;

const PENDING_COLUMNS = `binding_hash AS bindingHash, provider_id AS providerId, issuer, subject, email,
  email_normalized AS emailNormalized, first_name AS firstName, last_name AS lastName, language, sid,
  id_token AS idToken, auth_time AS authTime, return_to AS returnTo, created_at AS createdAt, expires_at AS expiresAt`;

/** Sign-ins in progress and first sign-ins waiting for the person's choice (both bound to a browser). */
export function flowRepo(d1: D1Database) {
  return {
    insertFlow: (f: PortalFlowRow) =>
      rawStatement(
        d1,
        `INSERT INTO portal_flows (state_hash, binding_hash, provider_id, nonce, code_verifier, return_to, language, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        f.stateHash,
        f.bindingHash,
        f.providerId,
        f.nonce,
        f.codeVerifier,
        f.returnTo,
        f.language,
        f.createdAt,
        f.expiresAt,
      ).run(),

    /**
     * Takes the flow of this state and this browser, once: the DELETE matches both hashes, so a
     * replayed state, another browser's callback or an expired flow find nothing (SSO-01, SSO-06).
     */
    consumeFlow: (stateHash: string, bindingHash: string, now: number) =>
      rawStatement(
        d1,
        `DELETE FROM portal_flows WHERE state_hash = ? AND binding_hash = ? AND expires_at > ? RETURNING ${FLOW_COLUMNS}`,
        stateHash,
        bindingHash,
        now,
      ).first<PortalFlowRow>(),

    /** One waiting choice per browser: a newer first sign-in replaces an older one. */
    putPending: (p: PortalPendingRow) =>
      rawStatement(
        d1,
        `INSERT OR REPLACE INTO portal_pending (binding_hash, provider_id, issuer, subject, email, email_normalized,
           first_name, last_name, language, sid, id_token, auth_time, return_to, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        p.bindingHash,
        p.providerId,
        p.issuer,
        p.subject,
        p.email,
        p.emailNormalized,
        p.firstName,
        p.lastName,
        p.language,
        p.sid,
        p.idToken,
        p.authTime,
        p.returnTo,
        p.createdAt,
        p.expiresAt,
      ),

    pending: (bindingHash: string, now: number) =>
      rawStatement(
        d1,
        `SELECT ${PENDING_COLUMNS} FROM portal_pending WHERE binding_hash = ? AND expires_at > ?`,
        bindingHash,
        now,
      ).first<PortalPendingRow>(),

    /** Used inside the batch that completes a choice: the row goes, so a second completion finds nothing. */
    deletePending: (bindingHash: string) =>
      rawStatement(d1, 'DELETE FROM portal_pending WHERE binding_hash = ?', bindingHash),

    purgeExpired: (now: number) =>
      d1.batch([
        rawStatement(d1, 'DELETE FROM portal_flows WHERE expires_at < ?', now),
        rawStatement(d1, 'DELETE FROM portal_pending WHERE expires_at < ?', now),
        rawStatement(d1, 'DELETE FROM portal_sessions WHERE expires_at < ?', now),
        rawStatement(d1, 'DELETE FROM portal_logout_jtis WHERE expires_at < ?', now),
      ]),
  };
}
