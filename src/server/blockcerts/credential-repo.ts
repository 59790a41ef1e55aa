/** A subject's credential with the batch that anchors it (batch columns null until taken). */
export interface StoredCredential {
  id: string;
  subjectKind: 'badge' | 'acad_doc';
  credentialJson: string;
  proofJson: string | null;
  network: string | null;
  txHash: string | null;
  blockTime: number | null;
  /** 1 when its badge or document is revoked or deleted by the issuer, with the reason given. */
  gone: number;
  reason: string | null;
}

/** SQL of the Blockcerts credentials as they are served (issue 19); the batch writes them. */
export function credentialRepo(d1: D1Database) {
  return {
    bySubject: (subjectId: string) =>
      d1
        .prepare(
          `SELECT c.id, c.subject_kind AS subjectKind, c.credential_json AS credentialJson, c.proof_json AS proofJson,
             b.network, b.tx_hash AS txHash, b.block_time AS blockTime,
             (a.revoked_at IS NOT NULL OR a.deleted_by_issuer_at IS NOT NULL
               OR d.revoked_at IS NOT NULL OR d.deleted_at IS NOT NULL) AS gone,
             COALESCE(a.revoked_reason, d.revoked_reason) AS reason
           FROM bc_credentials c LEFT JOIN bc_batches b ON b.id = c.batch_id
           LEFT JOIN assertions a ON c.subject_kind = 'badge' AND a.id = c.subject_id
           LEFT JOIN acad_docs d ON c.subject_kind = 'acad_doc' AND d.id = c.subject_id
           WHERE c.subject_id = ? LIMIT 1`,
        )
        .bind(subjectId)
        .first<StoredCredential>(),

    /**
     * Credentials of an issuer's revoked or deleted badges and documents: revocation is read from
     * the subject itself, so revoking a badge lists its credential at once, with nothing to sync.
     */
    revoked: (issuerId: string) =>
      d1
        .prepare(
          `SELECT c.id, a.revoked_reason AS reason, a.deleted_by_issuer_at AS deletedAt FROM bc_credentials c
             JOIN assertions a ON c.subject_kind = 'badge' AND a.id = c.subject_id
             WHERE a.issuer_id = ?1 AND (a.revoked_at IS NOT NULL OR a.deleted_by_issuer_at IS NOT NULL)
           UNION ALL
           SELECT c.id, d.revoked_reason, d.deleted_at FROM bc_credentials c
             JOIN acad_docs d ON c.subject_kind = 'acad_doc' AND d.id = c.subject_id
             WHERE d.issuer_id = ?1 AND (d.revoked_at IS NOT NULL OR d.deleted_at IS NOT NULL)`,
        )
        .bind(issuerId)
        .all<{ id: string; reason: string | null; deletedAt: number | null }>()
        .then((r) => r.results),

    /** Every address a batch was ever sent from: old credentials keep verifying after a key change. */
    anchorAddresses: () =>
      d1
        .prepare('SELECT DISTINCT from_address AS a FROM bc_batches WHERE from_address IS NOT NULL')
        .raw<[string]>()
        .then((rows) => rows.map(([a]) => a)),
  };
}
