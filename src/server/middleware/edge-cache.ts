import type { Context, MiddlewareHandler } from 'hono';
import { SESSION_COOKIE } from '../auth/cookies';
import type { AppEnv } from '../context';
import { keyGenerations, pageVariant, storeSeconds, type VariantEnv } from '../edge-cache/service';
import { cacheTarget, normalise } from '../edge-cache/targets';
import { bytesToHex } from '../../lib/bytes';

/** Says what happened (tests and the benchmark read it); in development a request's `miss` forces a render. */
export const CACHE_HEADER = 'x-lanyard-cache';
/** What a browser or CDN may keep: a copy it revalidates every time (ETag), never one served blind. */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

type Outcome = 'hit' | 'miss' | 'bypass';

/**
 * The edge cache of public pages and share images (issue 23): anonymous GET/HEAD answers come
 * from the Workers Cache API, keyed by address and resolved language, and served only while the
 * generations of what the page shows (targets.ts, migrations/0019) are those the copy was made
 * under. Hit path: one D1 point query and one cache match, side by side.
 * Never stored: a signed-in visitor's request (the chrome shows them), a page that showed a form
 * outcome or made a form token (per visitor), a response that sets a cookie or says private or
 * no-store, anything but a 200 (deliberate 404/410 included), HEAD renderings, and renderings of
 * addresses carrying parameters that do not change the page.
 */
export function edgeCache(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    const target = method === 'GET' || method === 'HEAD' ? cacheTarget(url.pathname) : null;
    if (!target) return next();
    if (signedIn(c)) return render(c, next, 'bypass');
    const key = cacheKey(url, target.params, c.var.lang, c.env);
    const cache = workerCache();
    const forced = c.env.ENVIRONMENT !== 'production' && c.req.header(CACHE_HEADER) === 'miss';
    // The two lookups of the hit path overlap: its time is the slower one's, not their sum.
    const [generations, copy] = await Promise.all([
      keyGenerations(c.env.DB, target.dependency),
      forced ? undefined : cache.match(key),
    ]);
    if (generations === null) return (discard(copy), render(c, next, 'bypass'));
    if (copy?.headers.get(GENERATIONS_HEADER) === generations) return answer(c, copy, 'hit');
    discard(copy);
    const clean = normalise(url, target.params).clean;

    let tokenMade = false;
    const formToken = c.var.formToken;
    if (formToken)
      c.set('formToken', () => {
        tokenMade = true;
        return formToken();
      });
    // How long a copy may live is read beside the render (a D1 query of its own), not after it.
    // A failed read stores nothing: the page is still answered, rendered.
    const lifetime =
      method === 'GET' && clean ? storeSeconds(c.env.DB, target.dependency, Date.now()).catch(() => 0) : null;
    await next();
    const res = c.res;
    if (method === 'HEAD' || !clean || tokenMade || c.var.form || !storable(res)) return mark(c, 'bypass');
    const body = await res.arrayBuffer();
    const headers = new Headers(res.headers);
    headers.delete('Server-Timing');
    if (!headers.has('ETag')) headers.set('ETag', `"${await digest(body)}"`);
    const seconds = (await lifetime) ?? 0;
    if (seconds > 0) {
      const stored = new Headers(headers);
      stored.set('Cache-Control', `public, max-age=${seconds}`);
      stored.set(GENERATIONS_HEADER, generations);
      await cache.put(key, new Response(body, { status: 200, headers: stored }));
    }
    return answer(c, new Response(body, { status: 200, headers }), seconds > 0 ? 'miss' : 'bypass', res.headers);
  };
}

/**
 * The key of a page: its address with only its own parameters, the resolved language and the
 * clock-driven variant (build, maintenance notice). The generations of what it shows are not in
 * the key but in the stored copy (GENERATIONS_HEADER), so the hit path can look the copy up while
 * it reads the current generations; a copy whose generations differ is never served.
 */
export function cacheKey(url: URL, params: readonly string[], lang: string, env: VariantEnv): Request {
  const { path } = normalise(url, params);
  const glue = path.includes('?') ? '&' : '?';
  const variant = pageVariant(env, Date.now());
  return new Request(`${url.origin}${path}${glue}lc-lang=${lang}&lc-var=${variant}`);
}

/**
 * The generations ("site.own", read before the render) a stored copy was made under. Reading
 * them first makes the label conservative: a write during the render leaves a copy labelled
 * older than its data, which the next request re-renders, never one labelled newer.
 */
export const GENERATIONS_HEADER = 'x-lanyard-generations';

/** A looked-up copy that is not served: its body is let go at once. */
function discard(copy: Response | undefined) {
  void copy?.body?.cancel();
}

/** The data centre's cache. The DOM library's CacheStorage type (in this project's types) lacks workerd's `default`. */
const workerCache = () => (caches as unknown as { default: Cache }).default;

/** A request that carries a session cookie, valid or not, is a person's: never looked up, never stored. */
function signedIn(c: Context<AppEnv>): boolean {
  return c.var.user != null || (c.req.header('cookie') ?? '').includes(`${SESSION_COOKIE}=`);
}

function storable(res: Response): boolean {
  const control = res.headers.get('Cache-Control') ?? '';
  return res.status === 200 && !res.headers.has('Set-Cookie') && !/no-store|private/i.test(control);
}

async function digest(body: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return bytesToHex(hash.subarray(0, 16));
}

async function render(c: Context<AppEnv>, next: () => Promise<void>, outcome: Outcome) {
  await next();
  mark(c, outcome);
}

function mark(c: Context<AppEnv>, outcome: Outcome) {
  const res = new Response(c.res.body, c.res);
  res.headers.set(CACHE_HEADER, outcome);
  c.res = undefined;
  c.res = res;
}

/**
 * A stored (or just stored) page as sent: revalidated by browsers and CDNs on every use, 304 when
 * their copy is current, headers only for HEAD. `extra` keeps per-request headers of a fresh render.
 */
function answer(c: Context<AppEnv>, stored: Response, outcome: Outcome, extra?: Headers) {
  const headers = new Headers(stored.headers);
  headers.delete(GENERATIONS_HEADER);
  if (extra?.has('Server-Timing')) headers.set('Server-Timing', extra.get('Server-Timing') ?? '');
  headers.set('Cache-Control', SHARED_CACHE_CONTROL);
  headers.append('Vary', 'Accept-Language');
  headers.set(CACHE_HEADER, outcome);
  const etag = headers.get('ETag');
  const current = etag !== null && (c.req.header('If-None-Match') ?? '').split(/\s*,\s*/).includes(etag);
  const empty = current || c.req.method === 'HEAD';
  const res = new Response(empty ? null : stored.body, { status: current ? 304 : 200, headers });
  c.res = undefined;
  c.res = res;
  return res;
}
