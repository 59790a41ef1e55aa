import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { emptyBucket, emptyDatabase, fileScopedLimits, startFileEpoch } from './fresh-file';

// The real schema, applied exactly as wrangler applies it: once per runtime, since the files of a
// vitest worker share one (applyD1Migrations skips the migrations already applied).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Every file then starts as in a runtime of its own: no rows, no objects, no spent rate limits,
// and no job an earlier file left queued (tests/integration/fresh-file.ts).
startFileEpoch();
await emptyDatabase(env.DB);
await emptyBucket(env.BUCKET);
fileScopedLimits(env, crypto.randomUUID());
