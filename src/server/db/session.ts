/**
 * D1 read replication (issue 23): each request reads and writes through one D1 session, so its
 * queries are sequentially consistent whichever replica answers them.
 */

/** Where a request's session starts: a client's bookmark, or one of D1's two constraints. */
export type SessionStart = D1SessionBookmark | D1SessionConstraint;

// D1 bookmarks look like `00000000-00000013-00000000-<32 hex>`. Anything far from that shape is
// not passed to D1 (a client must never turn its cookie into an error); the bound keeps it small.
const BOOKMARK = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,64}){1,7}$/i;
const BOOKMARK_MAX = 160;

/** A bookmark as a client may bring it: well-formed and bounded, else null (ignored). */
export function validBookmark(value: string | null | undefined): D1SessionBookmark | null {
  if (!value || value.length > BOOKMARK_MAX || !BOOKMARK.test(value)) return null;
  return value;
}

// Statements that change the database. Reads never start with these words; a write the pattern
// missed still returns a bookmark, because every POST/PUT/PATCH/DELETE counts as writing.
const WRITE = /^\s*(?:insert|update|delete|replace|create|drop|alter)\b/i;

/** The request's D1 session and whether it has prepared a write. */
export interface RequestDatabase {
  /** The session as a D1Database, for code that takes the binding's type (repos, drizzle). */
  db: D1Database;
  session: D1DatabaseSession;
  wrote(): boolean;
}

/**
 * Wraps a D1 session so it can stand where the binding stood. A session has no exec, dump or
 * withSession: request handling never uses them (schema work runs in migrations, on the primary),
 * so calling one is a bug and says so.
 */
export function requestDatabase(session: D1DatabaseSession): RequestDatabase {
  let wrote = false;
  const unsupported = (name: string) => () => {
    throw new Error(`D1 ${name} is not available on a request's session; use the primary binding`);
  };
  const db = {
    prepare(query: string) {
      if (WRITE.test(query)) wrote = true;
      return session.prepare(query);
    },
    batch<T = unknown>(statements: D1PreparedStatement[]) {
      return session.batch<T>(statements);
    },
    exec: unsupported('exec'),
    dump: unsupported('dump'),
    withSession: unsupported('withSession'),
  };
  return { db: db as unknown as D1Database, session, wrote: () => wrote };
}
