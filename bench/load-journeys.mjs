// What one simulated person does in the load run (issue 23, Deliver 4): journeys of one or two
// requests each, picked by weight, with think time between them. Every request is timed with its
// body read and counted under its step; an answer other than the expected one is an error, kept by
// step, HTTP status and error code (the envelope's `errors[0].code`).
import { PASSWORD } from './load-fixture.mjs';

const W = '/api/v1.0/openbadge/v2/Wallet';
const PAGES = '/ns/portal/openbadge';
export const STATIC = `${PAGES}/favicon.svg`;
const LANGUAGES = ['en', 'en', 'ja', 'th', 'ko', 'zh-cn'];

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

/** Counts for one phase: per step the latencies, and errors by step, status and code. */
export function newStats() {
  return { steps: new Map(), errors: new Map(), firstErrors: [] };
}

function record(stats, step, ms, error) {
  if (!stats.steps.has(step)) stats.steps.set(step, []);
  stats.steps.get(step).push(ms);
  if (!error) return;
  const key = `${step}: ${error.key}`;
  stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
  if (stats.firstErrors.length < 10) stats.firstErrors.push(`${key} ${error.detail}`);
}

/**
 * One request, timed until its body has arrived. `expect` is the HTTP status wanted (200 unless
 * told); a JSON envelope must also say status 200. Answers the parsed JSON (or null) and the response.
 */
async function hit(user, step, path, { body, cookie, expect = 200, lang = 'en' } = {}) {
  const headers = { 'accept-language': lang, 'cf-connecting-ip': user.ip };
  if (cookie) headers.cookie = cookie;
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' });
  const started = performance.now();
  let res;
  let text;
  try {
    res = await fetch(`${user.base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    text = await res.text();
  } catch (err) {
    record(user.stats, step, performance.now() - started, { key: 'network', detail: String(err?.cause ?? err) });
    return { json: null, res: null };
  }
  const ms = performance.now() - started;
  let json = null;
  if (res.headers.get('content-type')?.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = { status: 'unparsable JSON' };
    }
  }
  const code = json?.errors?.[0]?.code ?? '';
  const bad = res.status !== expect || (json && 'status' in json && expect === 200 && json.status !== 200);
  record(user.stats, step, ms, bad ? { key: `${res.status} ${code}`.trim(), detail: text.slice(0, 160) } : null);
  return { json: bad ? null : json, res };
}

/** Sign-in with the password (Argon2id): once per person, at the start. */
export async function signIn(user) {
  const { res } = await hit(user, 'sign-in (Argon2id)', '/api/v1.0/account/Wallet/Login', {
    body: { email: user.account.email, password: PASSWORD },
  });
  const cookie = (res?.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('accessToken='))
    .join('; ');
  user.account.cookie ||= cookie;
  user.cookie = cookie || user.account.cookie;
}

const list = (u) =>
  hit(u, 'list (FindList)', `${W}/FindList`, { cookie: u.cookie, body: { sort: '-IssuedOn', page: 1 } });

const detail = (u) =>
  hit(u, 'detail (GetAssertion)', `${W}/GetAssertion`, {
    cookie: u.cookie,
    body: { assertion_id: pick(u.account.received) },
  });

/** Receive one of the awards the issuer API sent: its claimable detail, then receiving it. */
async function receive(u) {
  const id = u.account.claimable.shift();
  if (!id) return list(u);
  await hit(u, 'receive: claimable detail', `${W}/GetUnacceptedAssertion`, {
    cookie: u.cookie,
    body: { assertion_id: id },
  });
  const { json } = await hit(u, 'receive: accept', `${W}/SetReceiveBadgeFromWallet`, {
    cookie: u.cookie,
    body: { assertion_id: id },
  });
  if (json) u.account.received.push(id);
}

/**
 * Publish or unpublish a received badge (never the account's first, which anonymous visitors
 * read), then open its public page as a visitor: it must answer 200 when public and 404 when not,
 * at once (a late change is an error).
 */
async function publish(u) {
  const id = u.account.received.slice(1).find((x) => !u.busy.has(x));
  if (!id) return detail(u);
  u.busy.add(id);
  try {
    const next = !u.published.has(id);
    const { json } = await hit(u, 'publish (SetAssertionStatus)', `${W}/SetAssertionStatus`, {
      cookie: u.cookie,
      body: { assertion_id: id, is_public: next },
    });
    if (!json) return;
    if (next) u.published.add(id);
    else u.published.delete(id);
    await hit(u, 'publish: public page after', `${PAGES}/public/assertions/detail/${id}`, {
      expect: next ? 200 : 404,
    });
  } finally {
    u.busy.delete(id);
  }
}

/** A visitor verifies a badge issued here by its id (Public/Verification), as the verify page does. */
async function verify(u) {
  const { json } = await hit(u, 'verify (Public/Verification)', `${W}/Public/Verification`, {
    body: { input_type: 'assertion_id', assertion_id: pick(u.fixture.publicIds) },
  });
  if (json && json.badge_pass !== true)
    record(u.stats, 'verify (Public/Verification)', 0, { key: 'not passed', detail: '' });
}

const search = (u) =>
  hit(u, 'search (FindBadgeList)', `${W}/Search/FindBadgeList`, { body: { search_keyword: pick(['Bench', 'Ben']) } });

/** An anonymous visitor: a public badge, wallet or issuer page, then the page's static asset. */
async function publicPage(u) {
  const lang = pick(LANGUAGES);
  const r = Math.random();
  if (r < 0.6)
    await hit(u, 'public badge page', `${PAGES}/public/assertions/detail/${pick(u.fixture.publicIds)}`, { lang });
  else if (r < 0.85)
    await hit(u, 'public wallet page', `${PAGES}/public/assertions/user/${pick(u.fixture.accounts).id}`, { lang });
  else await hit(u, 'issuer page', `${PAGES}/issuers/${u.fixture.issuerId}`, { lang });
  await hit(u, 'static asset (under load)', STATIC);
}

/** The mix: anonymous public pages the largest share, then the signed-in wallet's own work. */
export const JOURNEYS = [
  [publicPage, 40],
  [list, 15],
  [detail, 12],
  [search, 10],
  [verify, 7],
  [receive, 8],
  [publish, 8],
];
const TOTAL = JOURNEYS.reduce((s, [, w]) => s + w, 0);

export function pickJourney() {
  let r = Math.random() * TOTAL;
  for (const [fn, w] of JOURNEYS) if ((r -= w) < 0) return fn;
  return JOURNEYS[0][0];
}

/**
 * Think time between journeys: a person reads what a request brought before the next click, 2 s
 * at least plus an exponential pause, 8 s on average (LOAD_THINK_SECONDS), capped at 30 s. A
 * shorter mean is a harder test (LOAD_THINK_SECONDS=2 asks about four times as much of the Worker).
 */
const THINK_MEAN_MS = Number(process.env.LOAD_THINK_SECONDS ?? 8) * 1000;
const THINK_MIN_MS = Math.min(2000, THINK_MEAN_MS / 4);
export const think = () =>
  Math.min(30_000, THINK_MIN_MS - Math.log(1 - Math.random()) * (THINK_MEAN_MS - THINK_MIN_MS));
