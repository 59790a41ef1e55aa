import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** A drizzle handle over the D1 binding; cheap to create, so repos make one per call. */
export function db(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof db>;
