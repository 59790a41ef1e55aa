/*
 * Issue 34, item 2: the integration files share one workerd per vitest worker (`isolate: false`),
 * so the app is loaded and the migrations applied once per run, not once per file. Each file still
 * starts as it did in a runtime of its own: from the migrated schema with no rows, an empty
 * bucket, rate limits it has not spent, and no queued job of an earlier file. These helpers are
 * that reset; tests/integration/setup.ts runs them before every file.
 */

/** Where an earlier file's queued jobs are told apart: messages sent before this are dropped. */
const EPOCH = Symbol.for('lanyard.test.fileEpoch');
type WithEpoch = { [EPOCH]?: number };

/** Marks the start of a file: from now on, jobs an earlier file queued are dropped unread. */
export function startFileEpoch(): void {
  (globalThis as WithEpoch)[EPOCH] = Date.now();
}

/** True for a message sent by an earlier file (a runtime of its own would have lost it). */
export function fromEarlierFile(message: Message): boolean {
  const epoch = (globalThis as WithEpoch)[EPOCH] ?? 0;
  return message.timestamp.getTime() < epoch;
}

/**
 * Empties every table of the schema in one batch, as a fresh copy of the migrated database would
 * be. The FTS shadow tables follow their base tables through the triggers; the whole list runs
 * twice because triggers refill a few derived tables (search rows) during the first pass.
 * `cache_generations` is kept: its counters only grow, so an edge-cache key of an earlier file can
 * never come back for a later one (starting them again at zero could).
 */
export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE TABLE `%' AND name <> 'cache_generations'",
    )
    .all<{ name: string }>();
  const wipe = results.map(({ name }) => db.prepare(`DELETE FROM "${name}"`));
  await db.batch([db.prepare('PRAGMA defer_foreign_keys = on'), ...wipe, ...wipe]);
}

/** Deletes every object in the bucket, a thousand keys per call (R2's limit). */
export async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (;;) {
    const page = await bucket.list({ limit: 1000 });
    if (page.objects.length === 0) return;
    await bucket.delete(page.objects.map((o) => o.key));
  }
}

// Named, not found by shape: a service binding's RPC stub answers any property, `limit` included.
const LIMITS = ['IMPORT_LIMIT', 'OUTBOUND_LIMIT', 'SEARCH_LIMIT', 'SIGNIN_LIMIT'] as const;
const ORIGINAL = Symbol.for('lanyard.test.originalLimit');
type Limiter = RateLimit & { [ORIGINAL]?: RateLimit };

/**
 * Gives this file rate limits of its own: each key is counted under `scope`, so the same client
 * address in two files (or a file's limits spent by the one before) never meet.
 */
export function fileScopedLimits(env: Env, scope: string): void {
  for (const name of LIMITS) {
    const current = env[name] as Limiter;
    const original = current[ORIGINAL] ?? current;
    const scoped: Limiter = { [ORIGINAL]: original, limit: ({ key }) => original.limit({ key: `${scope}|${key}` }) };
    Object.assign(env, { [name]: scoped });
  }
}
