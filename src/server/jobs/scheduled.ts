import { lt } from 'drizzle-orm';
import { db } from '../db/client';
import { linkTokens, sessions } from '../db/schema';
import { createLogger } from '../log';
import { dispatchOutbox } from '../outbox/dispatch';
import { findDueOutbox } from '../outbox/repo';

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

/** Deletes expired sessions and link tokens; they are already refused, this only reclaims space. */
export async function purgeExpired(env: Env, now = Date.now()): Promise<void> {
  const d = db(env.DB);
  await d.batch([
    d.delete(sessions).where(lt(sessions.expiresAt, now)),
    d.delete(linkTokens).where(lt(linkTokens.expiresAt, now)),
  ]);
}

/** Cron entry: the sweeper every five minutes, the nightly batch once a day. */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const log = createLogger({ cron: controller.cron }, env.LOG_LEVEL);
  if (controller.cron === CRON_NIGHTLY) {
    await purgeExpired(env, controller.scheduledTime);
    log.info('nightly batch done');
    return;
  }
  const swept = await sweepOutbox(env, controller.scheduledTime);
  log.info('outbox swept', { swept });
}
