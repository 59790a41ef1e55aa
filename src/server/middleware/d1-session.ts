import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { cookieBase } from '../auth/cookies';
import type { AppEnv } from '../context';
import { requestDatabase, validBookmark, type SessionStart } from '../db/session';

/** The cookie that carries a browser's last D1 bookmark (HttpOnly; only this Worker reads it). */
export const BOOKMARK_COOKIE = 'lanyard_d1';
/** The header API clients send and receive the bookmark in (Cloudflare's Sessions API examples). */
export const BOOKMARK_HEADER = 'x-d1-bookmark';
/** Development only: where this request's session started, so tests can see the bookmark used. */
export const START_HEADER = 'x-lanyard-d1-start';
// Replicas trail the primary by well under this; after it the bookmark has nothing left to do.
const BOOKMARK_SECONDS = 300;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One D1 session per request (issue 23, read replicas). It starts at the bookmark the client
 * brings, else GET/HEAD may start at any replica and other methods at the primary. Handlers get
 * `c.env` with the session as DB. A request that changed the database (whatever its method: the
 * wallet API reads by POST) hands back its bookmark in the cookie and the header, so the same
 * client's next request, page or API, reads at least that far: read-your-writes. Requests that
 * wrote nothing set no cookie, so anonymous public pages stay cacheable.
 */
export function d1Session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const brought = validBookmark(c.req.header(BOOKMARK_HEADER)) ?? validBookmark(getCookie(c, BOOKMARK_COOKIE));
    const reading = READS.has(c.req.method);
    const start: SessionStart = brought ?? (reading ? 'first-unconstrained' : 'first-primary');
    const request = requestDatabase(c.env.DB.withSession(start));
    c.env = { ...c.env, DB: request.db };
    await next();

    if (c.env.ENVIRONMENT !== 'production') c.header(START_HEADER, start);
    const bookmark = request.session.getBookmark();
    if (!bookmark || bookmark === brought) return;
    if (request.wrote()) {
      setCookie(c, BOOKMARK_COOKIE, bookmark, { ...cookieBase(c.env), maxAge: BOOKMARK_SECONDS });
      c.header(BOOKMARK_HEADER, bookmark);
    } else if (c.req.header(BOOKMARK_HEADER)) {
      // An API client that keeps its own bookmark gets the newer one back on reads too.
      c.header(BOOKMARK_HEADER, bookmark);
    }
  };
}
