import type { AccountRow } from '../db/rows';

/** The wallet's display state on the account row. */
export type WalletPrefsRow = Pick<AccountRow, 'confettiShown' | 'claimableReminderHiddenUntil'>;

/** Per-account wallet display state: the one-time confetti and the claimable-badge reminder. */
export function walletPrefsRepo(d1: D1Database) {
  return {
    /** The account's state; null when there is no such account. */
    async get(accountId: string): Promise<WalletPrefsRow | null> {
      const row = await d1
        .prepare('SELECT confetti_shown, claimable_reminder_hidden_until FROM accounts WHERE id = ?')
        .bind(accountId)
        .first<{ confetti_shown: number; claimable_reminder_hidden_until: number | null }>();
      if (!row) return null;
      return {
        confettiShown: row.confetti_shown === 1,
        claimableReminderHiddenUntil: row.claimable_reminder_hidden_until,
      };
    },
    confettiShown: (accountId: string, now: number) =>
      d1.prepare('UPDATE accounts SET confetti_shown = 1, updated_at = ? WHERE id = ?').bind(now, accountId).run(),
    hideReminder: (accountId: string, until: number, now: number) =>
      d1
        .prepare('UPDATE accounts SET claimable_reminder_hidden_until = ?, updated_at = ? WHERE id = ?')
        .bind(until, now, accountId)
        .run(),
  };
}
