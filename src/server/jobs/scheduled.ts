import { runBatch } from '../db/batch';
import { completionEvents } from '../notifications/events-repo';
import { purgeExpiredTokens } from '../auth/session-repo';
import { flowRepo } from '../portal/flow-repo';
import { createLogger } from '../log';
import { dispatchOutbox } from '../outbox/dispatch';
import { findDueOutbox, purgeDoneOutbox } from '../outbox/repo';
import { walletBadgeRepo } from '../wallet/badge-repo';
import { reverifyImported } from '../import/reverify';
import { recheckHeldRecords } from '../import/recheck-records';
import { runAnchoring } from '../anchoring/run';
import { purgeExpiredGrants } from '../ob3api/housekeeping';
import { purgeExpiredSecondSteps } from '../mfa/service';
import { purgePasskeyChallenges } from '../passkeys/service';
import { purgeExpiredExports } from '../export/housekeeping';

/** Rows younger than this are still in the hands of their first queue message. */
const SWEEP_GRACE_MS = 60_000;
const SWEEP_LIMIT = 500;

export const CRON_SWEEP = '*/5 * * * *';
export const CRON_NIGHTLY = '0 18 * * *';

/** Re-sends outbox rows whose queue message was lost (security guide FLT-05). */
export async function sweepOutbox(env: Env, now = Date.now()): Promise<number> {
  const due = await findDueOutbox(env.DB, now - SWEEP_GRACE_MS, SWEEP_LIMIT);
  await dispatchOutbox(
    env,
    due.map((r) => r.id),
  );
  return due.length;
}

/** An expired receive link still explains itself ("log in and press Receive") for a year. */
const RECEIVE_LINK_KEPT_MS = 365 * 86_400_000;

/** Expired address-verification and mail-reception links say "expired" for 30 days (issue 20). */
const EXPLAINED_LINK_KEPT_MS = 30 * 86_400_000;

/**
 * Done outbox rows are kept 30 days: their ids are the idempotency keys of retried jobs, and queue
 * retries end within hours. Kept for ever they were most of a badge's bytes (docs/scaling.md).
 */
export const OUTBOX_DONE_KEPT_MS = 30 * 86_400_000;
/** Rows deleted per statement, and statements per night: 100,000 rows at most, well inside a cron run. */
const OUTBOX_PURGE_CHUNK = 5_000;
const OUTBOX_PURGE_CHUNKS = 20;

/** Deletes done outbox rows past their 30 days, in chunks; answers how many went. */
export async function purgeDoneJobs(d1: D1Database, now = Date.now()): Promise<number> {
  let total = 0;
  for (let i = 0; i < OUTBOX_PURGE_CHUNKS; i++) {
    const n = await purgeDoneOutbox(d1, now - OUTBOX_DONE_KEPT_MS, OUTBOX_PURGE_CHUNK);
    total += n;
    if (n < OUTBOX_PURGE_CHUNK) break;
  }
  return total;
}

/** Deletes expired sessions and link tokens; they are already refused, this only reclaims space. */
export async function purgeExpired(env: Env, now = Date.now()): Promise<void> {
  await purgeExpiredTokens(env.DB, now, now - RECEIVE_LINK_KEPT_MS, now - EXPLAINED_LINK_KEPT_MS);
  // Portal sign-in (issue 20): unfinished flows, unanswered choices, ended portal sessions, old jtis.
  await flowRepo(env.DB).purgeExpired(now);
  // The OB 3.0 API (issue 21): codes and tokens a day past their expiry.
  await purgeExpiredGrants(env, now);
  // Two-step sign-in (issue 22): second steps not completed within their five minutes.
  await purgeExpiredSecondSteps(env.DB, now);
  // Passkeys (issue 22): WebAuthn challenges not answered within their five minutes.
  await purgePasskeyChallenges(env.DB, now);
  // Whole-wallet exports (issue 22): ZIPs past their seven days.
  await purgeExpiredExports(env, now);
  // The outbox: done rows past their 30 days (issue 23, found by the load run's size figures).
  await purgeDoneJobs(env.DB, now);
}

/**
 * Receiving badges that are not blockchain ones (none are made today; older rows) settle plainly.
 * Blockchain badges wait in Receiving until their Blockcerts batch is anchored (anchoring/run.ts).
 */
export async function settleReceiving(env: Env, now = Date.now()): Promise<number> {
  // The owners' "process completed" notifications count the rows first, in the same batch.
  const [, settled] = await runBatch(env.DB, [
    completionEvents(env.DB).receivingSettled(now),
    walletBadgeRepo(env.DB).settleStatement(now),
  ]);
  return settled?.results.length ?? 0;
}

/** Cron entry: the sweeper every five minutes, the nightly batch once a day. */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const log = createLogger({ cron: controller.cron }, env.LOG_LEVEL);
  if (controller.cron === CRON_NIGHTLY) {
    await purgeExpired(env, controller.scheduledTime);
    const settled = await settleReceiving(env, controller.scheduledTime);
    // Blockchain badges (spec §4: in the badge list by the next morning): the Blockcerts batch.
    const anchored = await runAnchoring(env, controller.scheduledTime, { open: true });
    const reverified = await reverifyImported(env, controller.scheduledTime);
    // Issue 38: learner records held from elsewhere, verified again as imported badges are.
    const rechecked = await recheckHeldRecords(env, controller.scheduledTime);
    log.info('nightly batch done', { settled, anchored, reverified, rechecked });
    return;
  }
  const swept = await sweepOutbox(env, controller.scheduledTime);
  // A batch left waiting (confirmations, node down, out of funds) goes on every five minutes.
  const anchored = await runAnchoring(env, controller.scheduledTime, { open: false, waitMs: 20_000 });
  log.info('outbox swept', { swept, anchored });
}
