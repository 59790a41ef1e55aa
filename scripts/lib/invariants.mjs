// Invariants after a chaos or load run (issue 23; security guide "Lost writes", "Duplicate side
// effects", "Counter accuracy"). Each check reads D1 through `batch` (statements -> rows of each):
// for a running Worker the dev SQL route (dev-worker.mjs `overWorker`, never the D1 file behind it), in the
// workerd-pool tests env.DB. Each answers a list of violations (empty when it holds), so a runner
// can print counts and fail on any.

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const list = (xs) => xs.map(q).join(', ');

/** The client-side ledger of acknowledged (2xx) writes, filled while the run goes on. */
export function newLedger() {
  return {
    /** { key, badgeClassId, ids: [{ id, email }] } per award answered 2xx. */
    awards: [],
    /** recipient address -> award keys sent to it (answered or not). */
    keysByRecipient: new Map(),
    /** assertion ids whose receive was answered 2xx (or "already received" on a retry). */
    received: [],
    /** { into, from } per merge answered 2xx. */
    merges: [],
    /** account ids whose deletion was answered 2xx. */
    deleted: [],
  };
}

async function inChunks(ids, run, size = 80) {
  const out = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await run(ids.slice(i, i + size))));
  return out;
}

/** No acknowledged write lost: every 2xx award, receive, merge and deletion is in D1. */
export async function lostWrites(batch, ledger) {
  const one = async (sql) => (await batch([sql]))[0];
  const violations = [];
  const awarded = ledger.awards.flatMap((a) => a.ids);
  const found = new Map(
    (
      await inChunks(
        awarded.map((x) => x.id),
        (ids) => one(`SELECT id, recipient_email_normalized AS e FROM assertions WHERE id IN (${list(ids)})`),
      )
    ).map((r) => [r.id, r.e]),
  );
  for (const { id, email } of awarded)
    if (found.get(id) !== email.toLowerCase()) violations.push(`award ${id} to ${email} missing`);
  const received = await inChunks(ledger.received, (ids) =>
    one(`SELECT id FROM assertions WHERE id IN (${list(ids)}) AND accept_status = 2`),
  );
  const receivedSet = new Set(received.map((r) => r.id));
  for (const id of ledger.received) if (!receivedSet.has(id)) violations.push(`receive of ${id} lost`);
  for (const { into, from } of ledger.merges) {
    const [row] = await one(
      `SELECT (SELECT status FROM accounts WHERE id = ${q(from)}) AS gone,
              (SELECT status FROM accounts WHERE id = ${q(into)}) AS kept,
              (SELECT COUNT(*) FROM assertions WHERE account_id = ${q(from)}) AS left_behind`,
    );
    if (row.gone !== 'merged' || row.kept !== 'active' || row.left_behind !== 0)
      violations.push(`merge ${from} -> ${into} not applied: ${JSON.stringify(row)}`);
  }
  const deleted = await inChunks(ledger.deleted, (ids) =>
    one(`SELECT id FROM accounts WHERE id IN (${list(ids)}) AND status = 'deleted'`),
  );
  const deletedSet = new Set(deleted.map((r) => r.id));
  for (const id of ledger.deleted) if (!deletedSet.has(id)) violations.push(`deletion of ${id} lost`);
  return violations;
}

/**
 * No duplicate side effect: at most one assertion per award key and address (and at least the
 * acknowledged ones), one mail per outbox row and per award, one "badge awarded" notification per
 * badge and account.
 */
export async function duplicates(batch, ledger, issuerId) {
  const violations = [];
  const [perAddress, mails, notifications, mailRows] = await batch([
    `SELECT recipient_email_normalized AS e, COUNT(*) AS n FROM assertions WHERE issuer_id = ${q(issuerId)} GROUP BY e`,
    // Award mails: one per assertion of this issuer (the outbox row is named after the assertion).
    `SELECT a.id, (SELECT COUNT(*) FROM dev_mailbox m WHERE m.id = 'award-mail-' || a.id) AS n,
            (SELECT status FROM outbox o WHERE o.id = 'award-mail-' || a.id) AS row_status
       FROM assertions a WHERE a.issuer_id = ${q(issuerId)}`,
    `SELECT account_id, url, COUNT(*) AS n FROM notifications WHERE type = 1 GROUP BY account_id, url HAVING COUNT(*) > 1`,
    `SELECT to_address, subject, text_body, COUNT(*) AS n FROM dev_mailbox GROUP BY to_address, subject, text_body HAVING COUNT(*) > 1`,
  ]);
  for (const { e, n } of perAddress) {
    const keys = ledger.keysByRecipient.get(e)?.size ?? 0;
    if (n > keys) violations.push(`${n} assertions for ${e} from ${keys} award keys`);
  }
  for (const m of mails)
    if (m.n > 1 || (m.row_status === 'done' && m.n !== 1)) violations.push(`award mail of ${m.id}: ${m.n} sent`);
  for (const n of notifications) violations.push(`${n.n} notifications for ${n.account_id} ${n.url}`);
  for (const m of mailRows) violations.push(`${m.n} identical mails to ${m.to_address}: ${m.subject}`);
  return violations;
}

/** Counters kept by triggers equal a fresh count (badge classes' holders). */
export async function counters(batch) {
  const [rows] = await batch([
    `SELECT id, recipients_count AS kept, (SELECT COUNT(*) FROM assertions a WHERE a.badge_class_id = b.id
       AND a.accept_status = 2 AND a.deleted_by_owner_at IS NULL AND a.deleted_by_issuer_at IS NULL) AS counted
     FROM badge_classes b WHERE recipients_count != (SELECT COUNT(*) FROM assertions a WHERE a.badge_class_id = b.id
       AND a.accept_status = 2 AND a.deleted_by_owner_at IS NULL AND a.deleted_by_issuer_at IS NULL)`,
  ]);
  return rows.map((r) => `badge class ${r.id}: recipients_count ${r.kept}, counted ${r.counted}`);
}

/**
 * The outbox ends empty: calls `sweep` (answers the rows still pending) until none is or `ms`
 * passed (a failed attempt waits out its backoff and the sweep's grace), then lists what is left.
 */
export async function outboxDrained(batch, sweep, ms = 240_000, pauseMs = 5000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await sweep()) === 0) return [];
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  const [left] = await batch([`SELECT id, kind, last_error FROM outbox WHERE status != 'done'`]);
  return left.map((r) => `outbox ${r.id} (${r.kind}) not done: ${r.last_error ?? 'pending'}`);
}

/** Every invariant; answers { name: violations[] }. */
export async function checkAll({ batch, sweep, drainMs, pauseMs }, ledger, issuerId) {
  return {
    outbox_not_empty: await outboxDrained(batch, sweep, drainMs, pauseMs),
    lost_writes: await lostWrites(batch, ledger),
    duplicates: await duplicates(batch, ledger, issuerId),
    counters: await counters(batch),
  };
}
