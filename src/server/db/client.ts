import { drizzle } from 'drizzle-orm/d1';

const instances = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

/**
 * A drizzle handle over the D1 binding, one per binding per isolate. No schema is passed: we use
 * the query builder, not drizzle's relational API, and a schema would be processed on every call.
 */
export function db(d1: D1Database) {
  let instance = instances.get(d1);
  if (!instance) {
    instance = drizzle(d1);
    instances.set(d1, instance);
  }
  return instance;
}

export type Db = ReturnType<typeof db>;
