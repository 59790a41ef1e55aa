// Drives the local portal (scripts/portal) like a browser, with fetch only, so workerd tests can
// sign in for real: follow the provider's redirects by hand, keep its cookies, post the login form,
// and stop at the redirect to the wallet's callback (the test hands that URL to the Worker).

/** The provider's cookies for one "browser": name -> value (the portal is one origin; paths are ignored). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of `res`; an expired or emptied cookie is dropped. */
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.trim().split('=');
        return k.toLowerCase() === 'expires' && Date.parse(v) <= Date.now();
      });
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** One request to the provider with the jar's cookies, redirects not followed. */
async function step(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.cookies.size) headers.set('cookie', jar.header());
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.take(res);
  return res;
}

/** The `action` of the first form with `id` in a portal page. */
function formAction(html: string, id: string): string | undefined {
  const m = new RegExp(`<form[^>]*id="${id.replace('.', '\\.')}"[^>]*>`).exec(html);
  return m ? /action="([^"]+)"/.exec(m[0])?.[1]?.replace(/&amp;/g, '&') : undefined;
}

/** A portal page's visible text, for error messages. */
function textOf(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The hidden inputs of a page, as form fields. */
function hiddenFields(html: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g))
    out.append(m[1] ?? '', m[2] ?? '');
  return out;
}

/**
 * Signs `user` in at the portal for `authorizeUrl` (an authorization request Lanyard built) and
 * returns the final redirect to the wallet's callback (with code, state and iss), not followed.
 * A wrong password or a refused request throws with the portal's page text. Pass a `jar` to keep
 * the portal session afterwards (for portalSignOut).
 */
export async function portalAuthorize(
  authorizeUrl: string,
  user: { email: string; password: string },
  jar = new CookieJar(),
): Promise<string> {
  const origin = new URL(authorizeUrl).origin;
  let url = authorizeUrl;
  for (let hops = 0; hops < 10; hops++) {
    const res = await step(jar, url);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next.href; // the wallet's callback
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = res.status === 200 ? formAction(html, 'portal-login') : undefined;
    if (!action) throw new Error(`portal answered ${res.status} at ${url}: ${textOf(html).slice(0, 400)}`);
    const posted = await step(jar, new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: user.email, password: user.password }),
    });
    const after = posted.headers.get('location');
    if (!after) {
      const page = textOf(await posted.text());
      throw new Error(`portal sign-in failed (${posted.status}): ${page.slice(0, 300)}`);
    }
    url = new URL(after, url).href;
  }
  throw new Error('portal: too many redirects');
}

/**
 * The portal's own "Sign out" button, pressed in the browser that `jar` stands for: ends the portal
 * session, which sends back-channel logout to Lanyard. Returns the final page's URL.
 */
export async function portalSignOut(issuer: string, jar: CookieJar): Promise<string> {
  return endSession(jar, `${issuer}/session/end`);
}

/**
 * Lanyard's RP-initiated logout as the browser would carry it: `endSessionUrl` (with id_token_hint or
 * client_id and post_logout_redirect_uri) is followed through the portal's auto-confirmed logout
 * page; returns the final redirect (the post-logout URI on the wallet) or the portal page's URL.
 */
export async function portalEndSession(endSessionUrl: string, jar: CookieJar): Promise<string> {
  return endSession(jar, endSessionUrl);
}

async function endSession(jar: CookieJar, url: string): Promise<string> {
  const first = await step(jar, url);
  const html = await first.text();
  const action = formAction(html, 'op.logoutForm') ?? /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (first.status !== 200 || !action) throw new Error(`portal logout page ${first.status}: ${html.slice(0, 300)}`);
  const fields = hiddenFields(html);
  fields.set('logout', 'yes');
  let res = await step(jar, new URL(action, url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  let at = new URL(action, url).href;
  const origin = new URL(url).origin;
  for (let hops = 0; hops < 5; hops++) {
    const location = res.headers.get('location');
    if (!(res.status >= 300 && res.status < 400 && location)) break;
    at = new URL(location, at).href;
    if (new URL(at).origin !== origin) return at;
    res = await step(jar, at);
  }
  if (!res.ok) throw new Error(`portal logout ended with ${res.status}`);
  return at;
}
