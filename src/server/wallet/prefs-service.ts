import { walletPrefsRepo } from './prefs-repo';

/** Spec §9: the claimable-badge reminder can be hidden for one day. */
export const REMINDER_HIDDEN_MS = 86_400_000;

/** The one-time confetti and the reminder's state, for the pages that show them (an unknown account: neither). */
export async function walletPrefs(d1: D1Database, accountId: string) {
  const row = await walletPrefsRepo(d1).get(accountId);
  return {
    confettiShown: row?.confettiShown ?? false,
    reminderHiddenUntil: row?.claimableReminderHiddenUntil ?? 0,
  };
}

/** Records that the first-receipt confetti was shown, so it is shown once. */
export async function markConfettiShown(d1: D1Database, accountId: string, now: number) {
  await walletPrefsRepo(d1).confettiShown(accountId, now);
}

/** Hides the claimable-badge reminder for a day; answers until when. */
export async function hideClaimableReminder(d1: D1Database, accountId: string, now: number): Promise<number> {
  const until = now + REMINDER_HIDDEN_MS;
  await walletPrefsRepo(d1).hideReminder(accountId, until, now);
  return until;
}
