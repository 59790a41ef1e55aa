/** Per-account wallet display state: the one-time confetti and the claimable-badge reminder. */
export function walletPrefsRepo(d1: D1Database) {
  return {
    async get(accountId: string) {
      const row = await d1
        .prepare('SELECT confetti_shown, claimable_reminder_hidden_until FROM accounts WHERE id = ?')
        .bind(accountId)
        .first<{ confetti_shown: number; claimable_reminder_hidden_until: number | null }>();
      return {
        confettiShown: row?.confetti_shown === 1,
        reminderHiddenUntil: row?.claimable_reminder_hidden_until ?? 0,
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
