/**
 * D1 read replication (issue 23): each request reads and writes through one D1 session, so its
 * queries are sequentially consistent whichever replica answers them.
 */

/** Where a request's session starts: a client's bookmark, or one of D1's two constraints. */
export type SessionStart = D1SessionBookmark | D1SessionConstraint;

// D1 bookmarks look like `00000085-0000024c-00004c6d-<32 hex>`. Anything far from that shape is
// not passed to D1 (a client must never turn its cookie into an error); the bounds keep it small.
const BOOKMARK = /^[0-9a-f]{8,16}(?:-[0-9a-f]{8,64}){2,7}$/i;
const BOOKMARK_MAX = 160;

/** A bookmark as a client may bring it: well-formed and bounded, else null (ignored). */
export function validBookmark(value: string | null | undefined): D1SessionBookmark | null {
  if (!value || value.length > BOOKMARK_MAX || !BOOKMARK.test(value)) return null;
  return value;
}

// Statements that may change the database. Run through run()/all() or a batch, D1's result says
// whether they did (a conditional "last seen" UPDATE usually changes nothing); through first()/raw(),
// which give no result metadata, such a statement counts as a write.
const WRITE = /^\s*(?:insert|update|delete|replace|create|drop|alter)\b/i;

const changed = (meta: D1Meta | undefined) =>
  !!meta && (meta.changed_db || meta.changes > 0 || (meta.rows_written ?? 0) > 0);

/** The request's D1 session and whether it has changed the database. */
export interface RequestDatabase {
  /** The session as a D1Database, for code that takes the binding's type (repos, drizzle). */
  db: D1Database;
  session: D1DatabaseSession;
  wrote(): boolean;
}

/**
 * Wraps a D1 session so it can stand where the binding stood, noting whether anything was written
 * (only then does the client get a new bookmark). A session has no exec, dump or withSession:
 * request handling never uses them (schema work runs in migrations, on the primary), so calling
 * one is a bug and says so.
 */
export function requestDatabase(session: D1DatabaseSession): RequestDatabase {
  let wrote = false;
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement, writeLike: boolean): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, name) {
        if (name === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), writeLike);
        if (name === 'run' || name === 'all')
          return async () => {
            const result = await target[name]();
            if (changed(result.meta)) wrote = true;
            return result;
          };
        const value: unknown = Reflect.get(target, name, target);
        if (typeof value !== 'function') return value;
        if (writeLike && (name === 'first' || name === 'raw')) wrote = true;
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    real.set(proxy, stmt);
    return proxy;
  };
  const unsupported = (name: string) => () => {
    throw new Error(`D1 ${name} is not available on a request's session; use the primary binding`);
  };
  const db = {
    prepare: (query: string) => wrap(session.prepare(query), WRITE.test(query)),
    async batch<T = unknown>(statements: D1PreparedStatement[]) {
      const results = await session.batch<T>(statements.map((s) => real.get(s) ?? s));
      if (results.some((r) => changed(r.meta))) wrote = true;
      return results;
    },
    exec: unsupported('exec'),
    dump: unsupported('dump'),
    withSession: unsupported('withSession'),
  };
  return { db: db as unknown as D1Database, session, wrote: () => wrote };
}
