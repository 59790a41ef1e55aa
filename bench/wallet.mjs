// Wallet figures: one wallet holding 1,000 badges in a database of 100,000 assertions, written with
// one recursive INSERT (the issuer API would take far longer), then a signed-in session for FindList
// and one public badge for the public pages.
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';

export async function walletFixture(base, fixture) {
  const email = `wallet-bench-${Date.now().toString(36)}@example.test`;
  const password = 'Bench#Wallet2024';
  const accountId = await registerAndActivate(base, { email, password, firstName: 'Bench', lastName: 'Wallet' });
  const [{ issuer_id: issuerId }] = await devSql(base, `SELECT issuer_id FROM badge_classes WHERE id = ?`, [
    fixture.bc,
  ]);
  const tag = Date.now().toString(36);
  const now = Date.now();
  await devSql(
    base,
    `INSERT INTO assertions (id, badge_class_id, issuer_id, recipient_email, recipient_email_normalized, recipient_salt,
       recipient_hash, account_id, accept_status, is_public, issued_on, created_at, updated_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
     SELECT 'wb-${tag}-' || i, '${fixture.bc}', '${issuerId}',
       CASE WHEN i <= 1000 THEN '${email}' ELSE 'other-' || i || '@example.test' END,
       CASE WHEN i <= 1000 THEN '${email}' ELSE 'other-' || i || '@example.test' END,
       'salt', 'hash', CASE WHEN i <= 1000 THEN '${accountId}' ELSE NULL END, 2, i % 2,
       ${now} - i * 60000, ${now}, ${now} FROM n`,
  );
  const res = await fetch(`${base}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('accessToken='))
    .join('; ');
  if (!cookie) throw new Error(`bench login failed: ${res.status}`);
  // The fixture's own assertion, received and public, for the public pages.
  await devSql(base, `UPDATE assertions SET accept_status = 2, is_public = 1 WHERE id = 'wb-${tag}-2'`);
  return { accountId, cookie, publicId: `wb-${tag}-2`, api };
}

// The Worker's own timings are of the route behind the edge cache (issue 23): a development-only
// request header makes the cache render instead of answering from its copy.
const PAST_CACHE = { headers: { 'x-lanyard-cache': 'miss' } };

/**
 * Share images rendered for the first time: `count` more of the bench wallet's badges are made
 * public and each image is fetched once (render + store), timed from the client.
 */
export async function firstShareRenders(base, publicId, count = 15) {
  const prefix = publicId.slice(0, publicId.lastIndexOf('-') + 1);
  const times = [];
  // Issue 37: the service binding's own share of each render (Server-Timing `rpc`), absent before it.
  const rpc = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}${10 + i}`;
    await devSql(base, `UPDATE assertions SET accept_status = 2, is_public = 1 WHERE id = '${id}'`);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1.0/openbadge/v2/Wallet/Public/ShareImage/${id}.png`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`share image ${id}: ${res.status}`);
    times.push(performance.now() - started);
    const m = /rpc;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (m) rpc.push(Number(m[1]));
  }
  times.sort((a, b) => a - b);
  rpc.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
  const rpcAt = (q) => rpc[Math.min(rpc.length - 1, Math.floor(q * rpc.length))]?.toFixed(1);
  return {
    count,
    p50: at(0.5),
    p90: at(0.9),
    max: times.at(-1).toFixed(0),
    rpc: rpc.length ? { p50: rpcAt(0.5), p90: rpcAt(0.9), max: rpc.at(-1).toFixed(1) } : null,
  };
}

/**
 * The stored share image as the Worker sees it: its own Server-Timing ("stored", the visibility
 * check in D1 plus the memo or R2 read), sampled over `count` requests. Over loopback the client
 * time also holds wrangler's proxying of the 90 KB body, which production does not have.
 */
export async function storedShareTiming(base, publicId, count = 300) {
  const url = `${base}/api/v1.0/openbadge/v2/Wallet/Public/ShareImage/${publicId}.png`;
  const times = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(url, PAST_CACHE);
    await res.arrayBuffer();
    const m = /stored;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (m) times.push(Number(m[1]));
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  return { count: times.length, p50: at(0.5), p99: at(0.99) };
}

/** A page's own render time (Server-Timing "render", body included), sampled over `count` requests. */
export async function pageRenderTiming(base, path, count = 300) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}${path}`, PAST_CACHE);
    await res.arrayBuffer();
    const m = /render;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (m) times.push(Number(m[1]));
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  return { count: times.length, p50: at(0.5), p99: at(0.99) };
}

/**
 * Where FindList's time goes (issue 23): client time, the Worker's whole request (Server-Timing
 * `total`, session lookup included) and the list's D1 batch alone (`list`), over `count` requests.
 */
export async function findListTiming(base, cookie, count = 300) {
  const client = [];
  const app = [];
  const list = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1.0/openbadge/v2/Wallet/FindList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ sort: '-IssuedOn', page: 3 }),
    });
    await res.arrayBuffer();
    client.push(performance.now() - started);
    const timing = res.headers.get('server-timing') ?? '';
    const a = /total;dur=([\d.]+)/.exec(timing);
    const l = /list;dur=([\d.]+)/.exec(timing);
    if (a) app.push(Number(a[1]));
    if (l) list.push(Number(l[1]));
  }
  const q = (xs) => {
    xs.sort((x, y) => x - y);
    const at = (p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]?.toFixed(1);
    return { p50: at(0.5), p99: at(0.99) };
  };
  return { count, client: q(client), app: q(app), list: q(list) };
}
