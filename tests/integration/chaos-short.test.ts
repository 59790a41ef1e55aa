import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAll, newLedger, type Batch } from '../../scripts/lib/invariants.mjs';
import { armFaults, disarmFaults } from '../../src/server/db/faults';
import { runOutbox } from '../../src/server/jobs/run-outbox';
import { createLogger } from '../../src/server/log';
import { BASE, SAME_ORIGIN, unique } from './helpers';
import { newBadgeClass, newIssuer } from './issuing-helpers';
import { PASSWORD, signedIn } from './settings-helpers';

/*
 * The chaos run's short form (issue 23, Deliver 5; `npm run chaos` is the long one against a
 * running Worker). In workerd: the fault switch fails batches before and after they apply and jobs
 * after their side effect, while clients award (keyed), receive by the mail link, merge and delete,
 * aborting some requests and sending again on 503 or abort. Then the outbox is drained as the
 * sweeper would and the invariants of scripts/lib/invariants.mjs must all hold.
 */

afterEach(() => void disarmFaults(true));

const WALLET = `${BASE}/api/v1.0/openbadge/v2/Wallet`;
const log = createLogger({ test: 'chaos-short' }, 'error');
const batch: Batch = async (statements) =>
  (await env.DB.batch(statements.map((s) => env.DB.prepare(s)))).map((r) => r.results as Record<string, unknown>[]);

type Answer = { status: number; json: Record<string, unknown> & { errors?: { code: string }[] } } | null;
const tally = { aborted: 0, answered503: 0, other5xx: 0 };
/** Requests whose client gave up: awaited before the invariants are read. */
const inFlight: Promise<unknown>[] = [];

/**
 * One request; for a third of them the client gives up at once and never learns the answer
 * (the request goes on in the Worker or not, as after a cut connection; a service-binding fetch
 * here does not pass the abort on, so the real socket abort is `npm run chaos`'s part). Null then.
 */
async function send(url: string, init: RequestInit): Promise<Answer> {
  const request = exports.default.fetch(url, init).then(async (res) => {
    const json = (await res.json()) as NonNullable<Answer>['json'];
    if (res.status === 503) tally.answered503++;
    else if (res.status >= 500) tally.other5xx++;
    return { status: res.status, json };
  });
  if (Math.random() >= 0.33) return request;
  // Workers' clocks stand still during I/O, so a timer cannot cut in: the client gives up at once.
  tally.aborted++;
  inFlight.push(request.catch(() => null));
  return null;
}

/** Sends again after an abort or a 503, up to 15 times. */
async function untilAnswered(make: () => Promise<Answer>): Promise<Answer> {
  for (let i = 0; i < 15; i++) {
    const r = await make();
    if (r && r.status !== 503) return r;
  }
  return null;
}

const post = (url: string, body: object, headers: Record<string, string> = SAME_ORIGIN) =>
  send(url, { method: 'POST', headers, body: JSON.stringify(body) });

describe('chaos run, short form', () => {
  it('faults, duplicate deliveries and aborted clients: every invariant holds', { timeout: 240_000 }, async () => {
    const { issuerId, apiKey } = await newIssuer('Chaos Short College');
    const bc = await newBadgeClass(apiKey);
    const holders = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const pairs = await Promise.all([0, 1].map(async () => ({ into: await signedIn(), from: await signedIn() })));
    const leavers = await Promise.all([signedIn(), signedIn()]);
    const ledger = newLedger();
    armFaults('development', {
      points: ['before', 'after', 'job-ack'],
      message: 'random',
      probability: 0.2,
      count: 1000,
    });

    const award = async (n: number) => {
      const key = unique('chaos-key');
      const recipients = [`${unique('chaos-r')}@example.test`, holders[n % holders.length]?.email ?? ''];
      if (n % 3 === 0) recipients.push(pairs[n % 2]?.from.email ?? '');
      for (const r of recipients) {
        const keys = ledger.keysByRecipient.get(r.toLowerCase()) ?? new Set<string>();
        ledger.keysByRecipient.set(r.toLowerCase(), keys.add(key));
      }
      const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': key };
      const r = await untilAnswered(() =>
        post(`${BASE}/api/issuer/v1/awards`, { badge_class_id: bc, recipients }, headers),
      );
      if (r?.status !== 200) return [];
      const ids = (r.json.assertions as { assertion_id: string; email: string }[]).map((a) => ({
        id: a.assertion_id,
        email: a.email,
      }));
      ledger.awards.push({ key, badgeClassId: bc, ids });
      return ids.filter((a) => !a.email.startsWith('chaos-r'));
    };

    const receive = async (id: string) => {
      const mail = await env.DB.prepare('SELECT text_body FROM dev_mailbox WHERE id = ?')
        .bind(`award-mail-${id}`)
        .first<{ text_body: string }>();
      const token = /receive\/([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1];
      if (!token) return;
      const r = await untilAnswered(() => post(`${WALLET}/SetReceiveBadge`, { token }));
      if ((r?.status === 200 && r.json.result === 'received') || r?.json.errors?.[0]?.code === 'E409103')
        ledger.received.push(id);
    };

    const merge = async (pair: { into: { id: string; cookie: string }; from: { id: string; email: string } }) => {
      const headers = { ...SAME_ORIGIN, Cookie: pair.into.cookie };
      const proven = await untilAnswered(() =>
        post(`${WALLET}/Setting/Merge/Prove`, { email: pair.from.email, password: PASSWORD }, headers),
      );
      const mergeId = proven?.json.merge_id;
      if (typeof mergeId !== 'string') return;
      const r = await untilAnswered(() =>
        post(`${WALLET}/Setting/Merge/Confirm`, { merge_id: mergeId, password: PASSWORD }, headers),
      );
      if (r?.status === 200) ledger.merges.push({ into: pair.into.id, from: pair.from.id });
    };

    const remove = async (leaver: { id: string; cookie: string }) => {
      const headers = { ...SAME_ORIGIN, Cookie: leaver.cookie };
      const r = await untilAnswered(() =>
        post(`${WALLET}/Setting/Account/Delete`, { reason: 4, password: PASSWORD }, headers),
      );
      if (r?.status === 200) ledger.deleted.push(leaver.id);
    };

    // Awards first (some to the accounts about to merge), then receives, merges and deletions at once.
    const awarded = (await Promise.all(Array.from({ length: 12 }, (_, n) => award(n)))).flat();
    // Their mails go through the consumer (with faults too); drain so the links exist.
    const drain = async () => {
      const later = Date.now() + 24 * 3_600_000;
      const [pending] = await batch([`SELECT id FROM outbox WHERE status = 'pending'`]);
      const ids = (pending ?? []).map((r) => String(r.id));
      await Promise.all([...ids, ...ids].map((id) => runOutbox(env, id, log, later)));
      const [left] = await batch([`SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'`]);
      return Number(left?.[0]?.n ?? 0);
    };
    for (let i = 0; i < 10 && (await drain()) > 0; i++);
    await Promise.all([
      ...awarded.map((a) => receive(a.id)),
      ...pairs.map(merge),
      ...leavers.map(remove),
      ...Array.from({ length: 6 }, (_, n) => award(100 + n)),
    ]);
    await Promise.all(inFlight);
    const injected = disarmFaults();
    const invariants = await checkAll({ batch, sweep: drain, drainMs: 60_000, pauseMs: 0 }, ledger, issuerId);

    expect(injected.before + injected.after + injected['job-ack']).toBeGreaterThan(0);
    expect(ledger.awards.length).toBeGreaterThan(0);
    expect(tally.aborted).toBeGreaterThan(0);
    expect(tally.other5xx).toBe(0);
    expect(invariants).toEqual({ outbox_not_empty: [], lost_writes: [], duplicates: [], counters: [] });
  });
});
