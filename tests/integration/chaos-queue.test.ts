import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { armFaults, disarmFaults } from '../../src/server/db/faults';
import { JOB_HANDLERS } from '../../src/server/jobs/handlers';
import { runOutbox } from '../../src/server/jobs/run-outbox';
import { CRON_SWEEP } from '../../src/server/jobs/scheduled';
import { createLogger } from '../../src/server/log';
import type { Job, JobKind, JobMessage } from '../../src/server/outbox/jobs';
import { outboxInsert } from '../../src/server/outbox/repo';
import { docRow, seedDoc, seedIssuer } from './acad-helpers';
import { exportCall } from './export-helpers';
import { awardTo, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';
import { createAccount, unique } from './helpers';
import { signedIn } from './settings-helpers';
import worker from './entry';

/*
 * Issue 23, chaos run (security guide FLT-03/04/05, NOTIF-02): one row of every outbox kind the
 * consumer knows, each delivered twice and out of order, while the fault switch fails jobs after
 * their side effect (before the ack) and batches after they applied. Afterwards, as after the
 * sweeper, every row is done once and every side effect happened exactly once.
 */

afterEach(() => void disarmFaults(true));

const log = createLogger({ test: 'chaos-queue' }, 'error');
const HOUR = 3_600_000;

async function write(job: Job) {
  const id = unique(`chaos-${job.kind}`);
  await outboxInsert(env.DB, job, Date.now(), id).run();
  return id;
}

function shuffle<T>(xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function deliver(ids: string[]) {
  const batch = createMessageBatch<JobMessage>(
    'lanyard-jobs',
    ids.map((outboxId, i) => ({ id: `m${i}-${outboxId}`, timestamp: new Date(), attempts: 1, body: { outboxId } })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

const count = (sql: string, ...p: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...p)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);

const pendingSince = async (since: number) =>
  (
    await env.DB.prepare(`SELECT id FROM outbox WHERE status = 'pending' AND created_at >= ?`)
      .bind(since)
      .all<{ id: string }>()
  ).results.map((r) => r.id);

describe('queue chaos: every job kind twice, out of order, failing after its side effect', () => {
  it('side effects happen once, counters are exact and the outbox ends empty', { timeout: 180_000 }, async () => {
    const since = Date.now() - 1;
    // One real row of every kind (the kinds are read from the consumer's own handler table).
    const kinds = Object.keys(JOB_HANDLERS) as JobKind[];
    const mailTo = `${unique('chaos-mail')}@example.test`;
    const resetOwner = await createAccount();
    const objects = [unique('chaos/a'), unique('chaos/b')];
    const prefix = `${unique('chaos-purge')}/`;
    for (const key of [...objects, `${prefix}1`, `${prefix}2`]) await env.BUCKET.put(key, 'x');
    const acadIssuer = await seedIssuer();
    const { docId } = await seedDoc(acadIssuer, await createAccount());
    const ids: Record<JobKind, string> = {
      mail: await write({ kind: 'mail', payload: { to: mailTo, subject: 'Chaos', text: 'Hi', html: '<p>Hi</p>' } }),
      password_link: await write({ kind: 'password_link', payload: { email: resetOwner.email } }),
      delete_objects: await write({ kind: 'delete_objects', payload: { keys: objects } }),
      purge_account: await write({ kind: 'purge_account', payload: { prefixes: [prefix], keys: [] } }),
      acad_pdf: await write({ kind: 'acad_pdf', payload: { docId } }),
      // No such Blockcerts batch: the job must still finish once and do nothing.
      bc_proofs: await write({ kind: 'bc_proofs', payload: { batchId: unique('no-batch'), from: 0, to: 4 } }),
      award_chunk: '',
      export_step: '',
    };
    // A large award is queued as award_chunk rows; an export as export_step rows (real routes).
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const tag = unique('chaos-aw');
    const recipients = Array.from({ length: 25 }, (_, i) => `${tag}-${i}@example.test`);
    const awarded = await awardTo(apiKey, bc, recipients);
    expect(awarded.json.queued).toBe(true);
    const exporter = await signedIn();
    const started = await exportCall(exporter.cookie, 'Start');
    expect(started.http).toBe(200);
    const firstOf = async (kind: JobKind) =>
      (
        await env.DB.prepare('SELECT id FROM outbox WHERE kind = ? AND created_at >= ? ORDER BY created_at LIMIT 1')
          .bind(kind, since)
          .first<{ id: string }>()
      )?.id ?? '';
    ids.award_chunk = await firstOf('award_chunk');
    ids.export_step = await firstOf('export_step');
    expect(Object.keys(ids).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) expect(ids[kind], kind).not.toBe('');

    // Faults: jobs fail after their side effect, batches fail after they applied (a lost answer).
    armFaults('development', { points: ['job-ack', 'after'], message: 'random', probability: 0.5, count: 12 });
    const messages = shuffle([...Object.values(ids), ...Object.values(ids)]);
    await Promise.all([deliver(messages.slice(0, 8)), deliver(messages.slice(8))]);

    // Then, as the sweeper does later (the lease and backoff run out): each pending row twice more.
    let later = Date.now();
    for (let round = 0; round < 30; round++) {
      const pending = await pendingSince(since);
      if (pending.length === 0) break;
      later += HOUR;
      const at = later;
      await Promise.all(shuffle([...pending, ...pending]).map((id) => runOutbox(env, id, log, at)));
    }
    const injected = disarmFaults();
    expect(injected['job-ack'] + injected.after).toBeGreaterThan(0);
    expect(await pendingSince(since)).toEqual([]);
    expect(await count(`SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed' AND created_at >= ?`, since)).toBe(0);

    // Side effects exactly once.
    expect(await count('SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address = ?', mailTo)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address = ?', resetOwner.email)).toBe(1);
    for (const key of [...objects, `${prefix}1`, `${prefix}2`]) expect(await env.BUCKET.head(key), key).toBeNull();
    expect((await docRow(docId))?.pdf_state).toBe('ready');
    expect(await count('SELECT COUNT(*) AS n FROM assertions WHERE recipient_email LIKE ?', `${tag}-%`)).toBe(25);
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM (SELECT to_address FROM dev_mailbox WHERE to_address LIKE ? GROUP BY to_address HAVING COUNT(*) = 1)',
        `${tag}-%`,
      ),
    ).toBe(25);
    expect(await count('SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address LIKE ?', `${tag}-%`)).toBe(25);
    const exportId = started.export?.id ?? '';
    expect(await env.DB.prepare('SELECT status FROM wallet_exports WHERE id = ?').bind(exportId).first('status')).toBe(
      'ready',
    );
    expect(await count('SELECT COUNT(*) AS n FROM wallet_exports WHERE account_id = ?', exporter.id)).toBe(1);
    // One progress notice that became "ready"; one ready mail.
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM notifications WHERE account_id = ? AND url LIKE ?',
        exporter.id,
        `%export=${exportId}`,
      ),
    ).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address = ?', exporter.email)).toBe(1);
  });

  it(
    'FLT-05 with a backlog: 150 rows whose messages were lost are all sent by one sweep',
    { timeout: 120_000 },
    async () => {
      // As after a burst of aborts and lost answers: rows committed, no message sent, due for minutes.
      const tag = unique('backlog');
      const ids: string[] = [];
      for (let i = 0; i < 150; i++) {
        const id = `${tag}-${i}`;
        ids.push(id);
        const job = {
          kind: 'mail' as const,
          payload: { to: `${tag}-${i}@example.test`, subject: 'B', text: 'b', html: 'b' },
        };
        await outboxInsert(env.DB, job, Date.now() - 10 * 60_000, id).run();
      }
      await worker.scheduled(createScheduledController({ cron: CRON_SWEEP, scheduledTime: Date.now() }), env);
      const done = () => count(`SELECT COUNT(*) AS n FROM outbox WHERE id LIKE ? AND status = 'done'`, `${tag}-%`);
      await waitFor(async () => (await done()) === 150, 90_000);
      expect(await count('SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address LIKE ?', `${tag}-%`)).toBe(150);
    },
  );
});
