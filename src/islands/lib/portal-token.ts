/**
 * Spec §6 for portal (type 1) users: when the wallet's access token is gone or expired, a new one
 * comes from the server's token endpoint while the portal session lives; without it the browser
 * goes to the portal login with this page as the return URL. Type 2 users never come here.
 */

/** Where the token endpoint lives (spec §7); outside the wallet's API prefix, as the spec names it. */
const TOKEN_ENDPOINT = '/ns/login/GetApiAccessToken.ashx';

/**
 * The signed-in user's type as the server rendered it into the header (`data-user-type`). The
 * `userType` cookie holds the same value but is HttpOnly, so the page is the browser's source; a
 * readable cookie is taken first should it ever be one.
 */
export function isPortalUser(): boolean {
  const cookie = /(?:^|;\s*)userType=(\d)/.exec(document.cookie)?.[1];
  const type = cookie ?? document.querySelector<HTMLElement>('[data-user-type]')?.dataset['userType'];
  return type === '1';
}

/** One renewal at a time: calls failing together with 401 wait for the same answer. */
let left = false;
let pending: Promise<'renewed' | 'leaving'> | null = null;

/**
 * Asks the token endpoint for a fresh wallet session (it sets the cookies). 'renewed' when it gave
 * one; otherwise the browser is already on its way to the portal login ('leaving').
 */
export function renewPortalToken(): Promise<'renewed' | 'leaving'> {
  if (left) return Promise.resolve('leaving');
  pending ??= request().finally(() => {
    pending = null;
  });
  return pending;
}

/** GetApiAccessToken.ashx's answer: 200 with access_token, or 401 with the portal's login_url. */
interface TokenAnswer {
  status?: number;
  login_url?: unknown;
}

async function request(): Promise<'renewed' | 'leaving'> {
  const here = `${window.location.pathname}${window.location.search}`;
  const answer = await fetch(TOKEN_ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ return_url: here }),
  })
    .then(async (res) => ({ ok: res.ok, body: (await res.json().catch(() => null)) as TokenAnswer | null }))
    // A network failure: the portal login below is still the way back in.
    .catch(() => ({ ok: false, body: null }));
  if (answer.ok && answer.body?.status === 200) return 'renewed';
  left = true;
  window.location.assign(loginUrl(answer.body?.login_url, here));
  return 'leaving';
}

/** The server's login_url when it is one of ours or an http(s) address; else the wallet's own route. */
function loginUrl(given: unknown, here: string): string {
  if (typeof given === 'string' && /^(https?:\/\/|\/(?!\/))/i.test(given)) return given;
  return `/ns/portal/openbadge/portal/login?returnTo=${encodeURIComponent(here)}`;
}
