/** What a WebAuthn challenge was handed out for. */
export type ChallengePurpose = 'register' | 'signin' | 'second' | 'reauth';

/** Who a consumed challenge was made for. */
export interface ChallengeOwner {
  accountId: string | null;
  ticketHash: string | null;
}

/** Why a challenge could not be consumed (read only after the consuming UPDATE found nothing). */
export type ChallengeRefusal = 'unknown' | 'used' | 'expired';

/** The SQL of WebAuthn challenges (migration 0017): kept as SHA-256, single use, short-lived. */
export function challengeRepo(d1: D1Database) {
  return {
    /** Stores a fresh challenge for one purpose (and, but for a passkey-alone sign-in, one account). */
    async insert(hash: string, purpose: ChallengePurpose, owner: ChallengeOwner, now: number, expiresAt: number) {
      await d1
        .prepare(
          `INSERT INTO webauthn_challenges (challenge_hash, purpose, account_id, ticket_hash, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .bind(hash, purpose, owner.accountId, owner.ticketHash, now, expiresAt)
        .run();
    },

    /**
     * Consumes a live, unused challenge of this purpose in one statement: of parallel answers with
     * the same challenge exactly one gets its row back. Null: not consumed (see `refusal`).
     */
    async consume(hash: string, purpose: ChallengePurpose, now: number): Promise<ChallengeOwner | null> {
      return d1
        .prepare(
          `UPDATE webauthn_challenges SET used = 1
           WHERE challenge_hash = ? AND purpose = ? AND used = 0 AND expires_at > ?
           RETURNING account_id AS accountId, ticket_hash AS ticketHash`,
        )
        .bind(hash, purpose, now)
        .first<ChallengeOwner>();
    },

    /** Why `consume` found nothing: unknown (or made for another purpose), already used, or expired. */
    async refusal(hash: string, purpose: ChallengePurpose, now: number): Promise<ChallengeRefusal> {
      const row = await d1
        .prepare(
          'SELECT used, expires_at AS expiresAt FROM webauthn_challenges WHERE challenge_hash = ? AND purpose = ?',
        )
        .bind(hash, purpose)
        .first<{ used: number; expiresAt: number }>();
      if (!row) return 'unknown';
      if (row.used) return 'used';
      return row.expiresAt <= now ? 'expired' : 'used';
    },

    /** Deletes challenges past their expiry (the nightly batch; they are refused anyway). */
    async purgeExpired(now: number) {
      await d1.prepare('DELETE FROM webauthn_challenges WHERE expires_at <= ?').bind(now).run();
    },
  };
}
