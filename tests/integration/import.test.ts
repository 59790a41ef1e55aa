import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { importBadge } from '../../src/server/import/service';
import { bake } from '../../src/server/openbadges/baking';
import { BASE, SAME_ORIGIN, completionNotices, createAccount, createSession, unique } from './helpers';
import { awardTo, b64, newBadgeClass, newIssuer, PNG } from './issuing-helpers';

const port = inject('issuerPort');
const standIn = `http://127.0.0.1:${port}/ob/a`;

async function addBadge(token: string, body: Record<string, unknown>) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/AddBadge`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; assertion_id?: string; errors?: { code: string }[] };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, json };
}

/** An account that also holds learner@example.test, verified or not. */
async function learner(verified: boolean) {
  const acct = await createAccount();
  // One verified owner per address: the address moves to this test's account.
  await env.DB.prepare("DELETE FROM account_emails WHERE email_normalized = 'learner@example.test'").run();
  await env.DB.prepare(
    `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
     VALUES (?, ?, 'learner@example.test', 'learner@example.test', ?, 0, ?)`,
  )
    .bind(unique('em'), acct.id, verified ? Date.now() : null, Date.now())
    .run();
  return { ...acct, token: await createSession(acct.id) };
}

describe('importing badges from other providers (AddBadge)', () => {
  // The stand-in's outbound allow list: the Worker under test reads OUTBOUND_TEST_ALLOW from env.
  beforeAll(() => {
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port}`;
  });

  it('imports by URL into the list, once', async () => {
    const me = await learner(true);
    const r = await addBadge(me.token, { url: `${standIn}/valid.json` });
    expect(r.json).toMatchObject({ status: 200 });
    const row = await env.DB.prepare('SELECT name, issuer_name, recipient_email FROM host_assertions WHERE id = ?')
      .bind(r.json.assertion_id)
      .first();
    expect(row).toEqual({
      name: 'Stand-in Astronomy',
      issuer_name: 'Stand-in Academy',
      recipient_email: 'learner@example.test',
    });
    expect((await addBadge(me.token, { url: `${standIn}/valid.json` })).code).toBe('E409106');
    // The refusal names the badge already held, which the import page links to (issue 35, item 7).
    const again = await importBadge(env, me.id, { url: `${standIn}/valid.json` }, 'test-dup').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).params).toEqual({ existing: `/assertions/host/detail/${r.json.assertion_id}` });
    // "Process completed" once, in the import's batch; the refused repeat adds none (issue 8).
    expect(await completionNotices(me.id)).toEqual([
      {
        key: 'notifications.import_done',
        params: { badge: 'Stand-in Astronomy' },
        url: `/ns/portal/openbadge/assertions/host/detail/${r.json.assertion_id}`,
      },
    ]);
  });

  it('imports a baked PNG, stores its image, and accepts an expired badge', async () => {
    const me = await learner(true);
    const doc = await (await fetch(`${standIn}/expired.json`)).text();
    const baked = bake(PNG, { verify: `${standIn}/expired.json`, json: doc });
    const r = await addBadge(me.token, { image: b64(baked), file_name: 'comet.png' });
    expect(r.json).toMatchObject({ status: 200 });
    const key = await env.DB.prepare('SELECT image_key FROM host_assertions WHERE id = ?')
      .bind(r.json.assertion_id)
      .first<string>('image_key');
    expect(await env.BUCKET.head(key ?? '')).not.toBeNull();
  });

  it('JWS-07: a signed badge imports from a baked SVG and is shown with its class image, not the uploaded pixels', async () => {
    const me = await learner(true);
    const jws = await (await fetch(`http://127.0.0.1:${port}/ob/jws/valid`)).text();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
    );
    const r = await addBadge(me.token, { image: b64(bake(svg, { verify: jws })), file_name: 'geology.svg' });
    expect(r.json).toMatchObject({ status: 200 });
    const key = await env.DB.prepare('SELECT image_key FROM host_assertions WHERE id = ?')
      .bind(r.json.assertion_id)
      .first<string>('image_key');
    const stored = await env.BUCKET.get(key ?? '');
    const classImage = await (await fetch(`http://127.0.0.1:${port}/ob/badge.png`)).arrayBuffer();
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(new Uint8Array(classImage));
  });

  it('a badge issued here to this account is already in its list: E409106 by URL and by image', async () => {
    const acct = await createAccount();
    const token = await createSession(acct.id);
    const { apiKey } = await newIssuer('Import College');
    const bc = await newBadgeClass(apiKey, { name: 'Twice Badge' });
    const [id] = (await awardTo(apiKey, bc, [acct.email])).ids;
    const url = `${new URL(env.PUBLIC_BASE_URL).origin}/api/v1.0/openBadge/v2/Assertion/${id}`;
    expect((await addBadge(token, { url })).code).toBe('E409106');
    const own = await importBadge(env, acct.id, { url }, 'test-own').catch((e: unknown) => e);
    expect((own as AppError).params).toEqual({ existing: `/assertions/detail/${id}` });
    const baked = new Uint8Array(
      await (await exports.default.fetch(`${BASE}/api/v1.0/openBadge/v2/Assertion/${id}/image`)).arrayBuffer(),
    );
    expect((await addBadge(token, { image: b64(baked), file_name: 'twice.png' })).code).toBe('E409106');
  });

  it('refuses with the spec import errors', async () => {
    const me = await learner(true);
    expect((await addBadge(me.token, {})).code).toBe('E400103');
    expect((await addBadge(me.token, { url: `${standIn}/valid.json`, image: b64(PNG), file_name: 'a.png' })).code).toBe(
      'E400103',
    );
    expect((await addBadge(me.token, { image: b64(PNG), file_name: 'a.gif' })).code).toBe('E415103');
    expect((await addBadge(me.token, { image: btoa('<html></html>'), file_name: 'a.png' })).code).toBe('E415101');
    expect((await addBadge(me.token, { image: b64(PNG), file_name: 'a.png' })).code).toBe('E422100');
    expect((await addBadge(me.token, { url: `${standIn}/revoked.json` })).code).toBe('E422102');
    expect((await addBadge(me.token, { url: `${standIn}/foreign-issuer.json` })).code).toBe('E422102');
    expect((await addBadge(me.token, { url: 'http://169.254.169.254/latest/meta-data/' })).code).toBe('E400104');
    expect((await addBadge(me.token, { url: `${standIn}/html.json` })).code).toBe('E400104');
  });

  it('HV-06: an address the account has not verified does not count', async () => {
    const unverified = await learner(false);
    expect((await addBadge(unverified.token, { url: `${standIn}/valid.json` })).code).toBe('E422101');
  });

  it('needs a session', async () => {
    expect((await addBadge('nobody'.padEnd(43, 'x'), { url: `${standIn}/valid.json` })).http).toBe(401);
  });
});

describe('imported badges are verified again', () => {
  it('marks an imported badge revoked once its issuer revokes it, and keeps a valid one valid', async () => {
    const { reverifyImported, REVERIFY_AFTER_MS } = await import('../../src/server/import/reverify');
    const me = await learner(true);
    const good = (await addBadge(me.token, { url: `${standIn}/valid.json` })).json.assertion_id;
    const soon = (await addBadge(me.token, { url: `${standIn}/plain.json` })).json.assertion_id;
    // The issuer revokes the second one: its URL now answers 410.
    await env.DB.prepare('UPDATE host_assertions SET source_url = ? WHERE id = ?')
      .bind(`${standIn}/revoked.json`, soon)
      .run();
    const later = Date.now() + REVERIFY_AFTER_MS + 1000;
    expect(await reverifyImported(env, later)).toBeGreaterThanOrEqual(2);
    const rows = await env.DB.prepare('SELECT id, verify_status, revoked_at FROM host_assertions WHERE id IN (?, ?)')
      .bind(good, soon)
      .all<{ id: string; verify_status: string; revoked_at: number | null }>();
    const byId = Object.fromEntries(rows.results.map((r) => [r.id, r]));
    expect(byId[good as string]).toMatchObject({ verify_status: 'valid', revoked_at: null });
    expect(byId[soon as string]?.verify_status).toBe('invalid');
    expect(byId[soon as string]?.revoked_at).not.toBeNull();
  });
});
