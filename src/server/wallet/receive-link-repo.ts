import type { LinkTokenRow } from '../db/rows';
import { walletBadgeRepo } from './badge-repo';

/** A receive link: its subject is always the awarded assertion's id (issuing writes it so). */
export type ReceiveToken = Pick<LinkTokenRow, 'expiresAt' | 'usedAt'> & {
  subject: NonNullable<LinkTokenRow['subject']>;
};

/** The emailed receive links (link_tokens with purpose 'receive'), looked up by their digest. */
export function receiveLinkRepo(d1: D1Database) {
  return {
    token: (tokenHash: string) =>
      d1
        .prepare(
          `SELECT subject, expires_at AS expiresAt, used_at AS usedAt
           FROM link_tokens WHERE token_hash = ? AND purpose = 'receive'`,
        )
        .bind(tokenHash)
        .first<ReceiveToken>(),
    /**
     * Receives the badge and marks the link used in one batch. The receive UPDATE is conditional,
     * so a second click (or a second tab) changes nothing; answers whether the badge moved.
     */
    async redeem(tokenHash: string, assertionId: string, accountId: string, now: number) {
      const [received] = await d1.batch([
        walletBadgeRepo(d1).receiveStatement(assertionId, accountId, now),
        d1.prepare('UPDATE link_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').bind(now, tokenHash),
      ]);
      return received?.results.length === 1;
    },
  };
}
