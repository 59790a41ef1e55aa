import { isRetryableD1 } from '../db/retryable';
import { AppError } from '../errors';
import { countPendingOutbox } from '../outbox/repo';
import { runDevStatements } from './dev-repo';
import { pingDatabase } from './health-repo';

/*
 * The system routers' reads, behind a service like every other router's (the layering rules of
 * .dependency-cruiser.mjs): the health check's database ping and the development SQL endpoint.
 */

/** Resolves once D1 answers a trivial query; throws when the database is unreachable. */
export const checkDatabase = (d1: D1Database) => pingDatabase(d1);

/**
 * Runs development statements as one atomic batch (the dev router is guarded by its token). A
 * statement the database refuses (syntax, a constraint, a missing table) is the caller's mistake:
 * 400 with D1's own reason (issue 33, item 7), not 500. D1's transient failures stay 503.
 */
export async function runDevSql(d1: D1Database, statements: Parameters<typeof runDevStatements>[1]) {
  try {
    return await runDevStatements(d1, statements);
  } catch (err) {
    if (isRetryableD1(err)) throw err;
    const reason = (err instanceof Error ? err.message : String(err)).replace(/^D1_ERROR:\s*/, '').slice(0, 500);
    throw new AppError('E400180', { reason });
  }
}

/** Outbox rows not yet done or given up (the chaos run's "outbox empty after the sweeper"). */
export const pendingOutbox = (d1: D1Database) => countPendingOutbox(d1);
