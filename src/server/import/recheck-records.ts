import { heldClrRepo } from '../clr/hold/repo';
import { heldVerdictOf, holdable } from '../clr/hold/service';
import { importRepo } from './repo';
import { verifiedAddresses } from './service';
import { fromText } from '../verify/input';
import { verifyBadge } from '../verify/verify';

/** Held records are checked again when their last check is older than this (as imported badges). */
export const RECHECK_AFTER_MS = 7 * 86_400_000;
/**
 * Per nightly run: up to this many records, and no more after RECHECK_BUDGET_MS of checking (a
 * record of 300 courses is the heaviest thing the verifier reads); the rest wait for the next night,
 * oldest first, so a large deployment checks less often than weekly rather than overrunning the cron.
 */
export const RECHECK_BATCH = 50;
export const RECHECK_BUDGET_MS = 60_000;

/**
 * Verifies held learner records again (issue 38), as imported badges are (reverify.ts, beside it:
 * verifying belongs above the records' own folder, which the verifier reads): as they were received,
 * against the holder's verified addresses of today, which reads the record's status list and each
 * course's again. A revocation, or a record that no longer verifies, takes it off every public
 * surface and the CLR API's list; its page says so to its owner. "Could not verify now" keeps the
 * last verdict and is tried at the next run.
 */
export async function recheckHeldRecords(env: Env, now = Date.now()): Promise<number> {
  const repo = heldClrRepo(env.DB);
  const due = await repo.dueForRecheck(now - RECHECK_AFTER_MS, RECHECK_BATCH);
  const started = Date.now();
  let checked = 0;
  for (const row of due) {
    if (Date.now() - started > RECHECK_BUDGET_MS) break;
    checked += 1;
    const input = fromText(row.raw);
    if (!input) continue;
    const report = await verifyBadge(env, input, await verifiedAddresses(importRepo(env.DB), row.accountId), now);
    if (report.verify_state === 'unverifiable') continue;
    const revoked = report.badge_information.revoked;
    // As when it was held: only expiry and an unnamed learner may stand beside a valid record.
    const invalid = revoked || !holdable(report.verify_errors_code);
    await repo.recordCheck(
      row.id,
      row.verifiedAt,
      {
        state: invalid ? 'invalid' : 'valid',
        revoked,
        reason: report.badge_information.revocation_reason,
        reportJson: JSON.stringify(heldVerdictOf(report, now)),
      },
      now,
    );
  }
  return checked;
}
