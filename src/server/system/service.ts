import { countPendingOutbox } from '../outbox/repo';
import { runDevStatements } from './dev-repo';
import { pingDatabase } from './health-repo';

/*
 * The system routers' reads, behind a service like every other router's (the layering rules of
 * .dependency-cruiser.mjs): the health check's database ping and the development SQL endpoint.
 */

/** Resolves once D1 answers a trivial query; throws when the database is unreachable. */
export const checkDatabase = (d1: D1Database) => pingDatabase(d1);

/** Runs development statements as one atomic batch (the dev router is guarded by its token). */
export const runDevSql = (d1: D1Database, statements: Parameters<typeof runDevStatements>[1]) =>
  runDevStatements(d1, statements);

/** Outbox rows not yet done or given up (the chaos run's "outbox empty after the sweeper"). */
export const pendingOutbox = (d1: D1Database) => countPendingOutbox(d1);
