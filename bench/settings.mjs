// Issue 7 figures: settings calls that hash no password (p99 under 100 ms), and a merge of two
// accounts holding 500 badges each in one request (under 1 s).
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { issuerApi } from '../scripts/lib/issuer-api.mjs';

const PASSWORD = 'Bench#Pass2024';
const S = '/api/v1.0/openbadge/v2/Wallet/Setting';
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function signIn(base, email) {
  const res = await fetch(`${base}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('accessToken='))
      ?.split(';')[0] ?? ''
  );
}

async function post(base, cookie, path, body = {}) {
  const t = performance.now();
  const res = await fetch(`${base}${S}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.status !== 200) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 200)}`);
  return { ms: performance.now() - t, json };
}

async function account(base, tag) {
  const email = `${tag}-${Date.now().toString(36)}@example.test`;
  const id = await registerAndActivate(base, { email, password: PASSWORD, firstName: 'Bench', lastName: 'Settings' });
  return { id: String(id), email, cookie: await signIn(base, email) };
}

/** Gives the account `n` accepted badges: one awarded through the API, copied in SQL (fast setup). */
async function badges(base, key, bc, who, n) {
  const { assertions } = await issuerApi(base, '/awards', key, { badge_class_id: bc, recipients: [who.email] });
  const template = assertions[0].assertion_id;
  await devSql(
    base,
    `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1})
     INSERT INTO assertions (id, badge_class_id, issuer_id, recipient_email, recipient_email_normalized, recipient_salt,
       recipient_hash, account_id, accept_status, verification_type, issued_on, created_at, updated_at)
     SELECT 'bench-' || lower(hex(randomblob(12))), badge_class_id, issuer_id, recipient_email, recipient_email_normalized,
       recipient_salt, recipient_hash, account_id, 2, verification_type, issued_on, created_at, updated_at
     FROM assertions, k WHERE id = '${template}'`,
  );
}

export async function settingsFigures(base, fixture, count = 300) {
  const me = await account(base, 'bench-settings');
  const calls = [
    ['Email/List', {}],
    ['Notification/Get', {}],
    ['Notification/Set', { receive_badge_mail: true, receive_info_mail: false, auto_receive: false }],
    ['Profile/Get', {}],
    [
      'Profile/Set',
      { first_name: 'Bench', last_name: 'Settings', first_name_en: 'Bench', last_name_en: 'Settings', bio: 'x' },
    ],
  ];
  const rows = [];
  for (const [path, body] of calls) {
    await post(base, me.cookie, path, body);
    const times = [];
    for (let i = 0; i < count; i++) times.push((await post(base, me.cookie, path, body)).ms);
    rows.push({ path, p50: quantile(times, 0.5).toFixed(1), p99: quantile(times, 0.99).toFixed(1) });
  }

  // Merge: two accounts of 500 badges each; one Confirm request (it checks the password: Argon2id).
  const target = await account(base, 'bench-merge-target');
  const source = await account(base, 'bench-merge-source');
  await badges(base, fixture.key, fixture.bc, target, 500);
  await badges(base, fixture.key, fixture.bc, source, 500);
  const proven = await post(base, target.cookie, 'Merge/Prove', { email: source.email, password: PASSWORD });
  const merged = await post(base, target.cookie, 'Merge/Confirm', {
    merge_id: proven.json.merge_id,
    password: PASSWORD,
  });
  const [{ n: held }] = await devSql(base, `SELECT COUNT(*) AS n FROM assertions WHERE account_id = '${target.id}'`);
  return { count, rows, merge: { ms: merged.ms.toFixed(0), badgesAfter: held } };
}
