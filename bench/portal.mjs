// Issue 20 figures: the portal sign-in round trip as Lanyard sees it (GET /portal/login, which
// reads the provider's cached discovery document and writes the flow, plus GET /portal/callback,
// which takes the flow, exchanges the code at the local portal's token endpoint on 127.0.0.1 and
// validates the ID token), and GetApiAccessToken.ashx with a live portal session (goal: p99 < 30 ms).
// The portal's own pages (its login form) are not Lanyard's time and are left out of the sums.
import { CookieJar, portalAuthorize } from '../tests/support/portal-login.ts';

const UI = '/ns/portal/openbadge';
const USER = { email: 'portal@lanyard.localhost', password: 'Portal-demo-1' };
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const round = (x) => Math.round(x * 10) / 10;

/** One request with the wallet-side jar (redirects not followed); answers the response and its time. */
async function timed(jar, url, init = {}) {
  const headers = { ...init.headers, ...(jar.cookies.size ? { cookie: jar.header() } : {}) };
  const t = performance.now();
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  jar.take(res);
  // The Worker's own time; locally the client's clock also holds wrangler's proxying and the busy machine.
  const server = Number(/total;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { res, ms, server };
}

/** One whole sign-in in a fresh browser; Lanyard's two steps timed. */
async function signIn(base) {
  const wallet = new CookieJar();
  const login = await timed(wallet, `${base}${UI}/portal/login?provider=portal`);
  const authorize = login.res.headers.get('location') ?? '';
  if (login.res.status !== 303 || !authorize.startsWith('http://127.0.0.1'))
    throw new Error(`portal login: ${login.res.status} ${authorize}`);
  const callbackUrl = await portalAuthorize(authorize, USER, new CookieJar());
  const callback = await timed(wallet, callbackUrl);
  const to = callback.res.headers.get('location') ?? '';
  if (callback.res.status !== 303 || to.includes('/portal/error'))
    throw new Error(`portal callback: ${callback.res.status} ${to}`);
  return { wallet, loginMs: login.ms, callbackMs: callback.ms, serverMs: login.server + callback.server };
}

export async function portalFigures(base, { rounds = 60, tokens = 400 } = {}) {
  await signIn(base); // warm-up: isolate, discovery document and JWKS cached
  const trips = [];
  const callbacks = [];
  const serverTrips = [];
  let last;
  for (let i = 0; i < rounds; i++) {
    last = await signIn(base);
    trips.push(last.loginMs + last.callbackMs);
    callbacks.push(last.callbackMs);
    serverTrips.push(last.serverMs);
  }
  const jar = last.wallet;
  const post = () =>
    timed(jar, `${base}/ns/login/GetApiAccessToken.ashx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{}',
    });
  for (let i = 0; i < 20; i++) await post();
  const times = [];
  const serverTimes = [];
  for (let i = 0; i < tokens; i++) {
    const { res, ms, server } = await post();
    if (res.status !== 200) throw new Error(`GetApiAccessToken.ashx answered ${res.status}`);
    times.push(ms);
    serverTimes.push(server);
  }
  const f = (xs) => ({ p50: round(quantile(xs, 0.5)), p99: round(quantile(xs, 0.99)) });
  return {
    rounds,
    tokens,
    roundTrip: f(trips),
    roundTripServer: f(serverTrips),
    callback: f(callbacks),
    token: f(times),
    tokenServer: f(serverTimes),
  };
}
