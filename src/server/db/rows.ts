import type { assertions, hostAssertions } from './schema';

/*
 * One row type per badge table, named as the drizzle schema names the columns (camelCase, flags as
 * booleans). Every repo that reads whole rows of these tables answers these shapes, or a Pick of them.
 */

/** An issued assertion. */
export type AssertionRow = typeof assertions.$inferSelect;

/** An imported badge ("host assertion"). */
export type HostAssertionRow = typeof hostAssertions.$inferSelect;
