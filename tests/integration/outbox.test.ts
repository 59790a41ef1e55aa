import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { CRON_SWEEP, OUTBOX_DONE_KEPT_MS, purgeDoneJobs } from '../../src/server/jobs/scheduled';
import type { JobMessage } from '../../src/server/outbox/jobs';
import { outboxInsert } from '../../src/server/outbox/repo';
import worker from './entry';
import { unique } from './helpers';

const mail = (to: string) => ({
  kind: 'mail' as const,
  payload: { to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' },
});

async function writeOutbox(job: Parameters<typeof outboxInsert>[1], availableAt = Date.now()) {
  const id = unique('ob');
  await outboxInsert(env.DB, job, availableAt, id).run();
  return id;
}

async function deliver(ids: string[], queue = 'lanyard-jobs') {
  const batch = createMessageBatch<JobMessage>(
    queue,
    ids.map((outboxId, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: { outboxId } })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

const mailsTo = (to: string) =>
  env.DB.prepare('SELECT subject FROM dev_mailbox WHERE to_address = ?').bind(to).all<{ subject: string }>();
const outboxRow = (id: string) =>
  env.DB.prepare('SELECT status, attempts, last_error FROM outbox WHERE id = ?')
    .bind(id)
    .first<{ status: string; attempts: number; last_error: string | null }>();

describe('outbox and queue consumer', () => {
  it('performs a job and marks its row done', async () => {
    const to = `${unique('to')}@example.test`;
    const id = await writeOutbox(mail(to));
    const result = await deliver([id]);
    expect(result.explicitAcks).toEqual(['m0']);
    expect((await mailsTo(to)).results).toEqual([{ subject: 'Hello' }]);
    expect(await outboxRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('FLT-04 / NOTIF-02: the same message twice sends one mail', async () => {
    const to = `${unique('to')}@example.test`;
    const id = await writeOutbox(mail(to));
    await deliver([id]);
    await deliver([id]);
    expect((await mailsTo(to)).results).toHaveLength(1);
    expect((await outboxRow(id))?.attempts).toBe(1);
  });

  it('FLT-03: one failing message is retried alone; the others are acked', async () => {
    const toA = `${unique('a')}@example.test`;
    const toC = `${unique('c')}@example.test`;
    const a = await writeOutbox(mail(toA));
    const bad = unique('ob');
    await db(env.DB)
      .insert((await import('../../src/server/db/schema')).outbox)
      .values({ id: bad, kind: 'no-such-kind', payload: '{}', availableAt: Date.now(), createdAt: Date.now() })
      .run();
    const c = await writeOutbox(mail(toC));
    const result = await deliver([a, bad, c]);
    expect(result.explicitAcks.sort()).toEqual(['m0', 'm2']);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(['m1']);
    expect((await mailsTo(toA)).results).toHaveLength(1);
    expect((await mailsTo(toC)).results).toHaveLength(1);
    const badRow = await outboxRow(bad);
    expect(badRow).toMatchObject({ status: 'pending', attempts: 1 });
    expect(badRow?.last_error).toContain('no handler');
  });

  it('marks a dead-lettered job failed', async () => {
    const id = await writeOutbox(mail(`${unique('dl')}@example.test`));
    const result = await deliver([id], 'lanyard-jobs-dlq');
    expect(result.explicitAcks).toEqual(['m0']);
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', last_error: 'dead-lettered' });
  });

  it('drops malformed messages instead of retrying them forever', async () => {
    const batch = createMessageBatch<JobMessage>('lanyard-jobs', [
      { id: 'x', timestamp: new Date(), attempts: 1, body: {} as JobMessage },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['x']);
  });

  it('FLT-05: the sweeper re-sends a row whose message was lost, and the queue performs it', async () => {
    const to = `${unique('lost')}@example.test`;
    // Written as if the Worker died right after the batch committed: no queue message was sent.
    const id = await writeOutbox(mail(to), Date.now() - 5 * 60_000);
    await worker.scheduled(createScheduledController({ cron: CRON_SWEEP, scheduledTime: Date.now() }), env);
    // The local queue delivers to this same Worker's consumer within about a second.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await outboxRow(id))?.status !== 'done')
      await new Promise((r) => setTimeout(r, 200));
    expect(await outboxRow(id)).toMatchObject({ status: 'done' });
    expect((await mailsTo(to)).results).toHaveLength(1);
  });

  it('the nightly purge deletes done rows past 30 days and keeps recent, pending and failed ones', async () => {
    const now = Date.now();
    const old = now - OUTBOX_DONE_KEPT_MS - 60_000;
    const recent = now - OUTBOX_DONE_KEPT_MS + 60_000;
    const rows = {
      oldDone: await writeOutbox(mail(`${unique('p')}@example.test`), old),
      recentDone: await writeOutbox(mail(`${unique('p')}@example.test`), recent),
      oldPending: await writeOutbox(mail(`${unique('p')}@example.test`), old),
      oldFailed: await writeOutbox(mail(`${unique('p')}@example.test`), old),
    };
    const mark = (id: string, status: string, at: number) =>
      env.DB.prepare('UPDATE outbox SET status = ?, done_at = ? WHERE id = ?').bind(status, at, id).run();
    await mark(rows.oldDone, 'done', old);
    await mark(rows.recentDone, 'done', recent);
    await mark(rows.oldFailed, 'failed', old);
    expect(await purgeDoneJobs(env.DB, now)).toBeGreaterThanOrEqual(1);
    expect(await outboxRow(rows.oldDone)).toBeNull();
    expect((await outboxRow(rows.recentDone))?.status).toBe('done');
    expect((await outboxRow(rows.oldPending))?.status).toBe('pending');
    expect((await outboxRow(rows.oldFailed))?.status).toBe('failed');
    // The pending row was made only for this test: leave the outbox as the other tests expect it.
    await env.DB.prepare('DELETE FROM outbox WHERE id = ?').bind(rows.oldPending).run();
  });
});
