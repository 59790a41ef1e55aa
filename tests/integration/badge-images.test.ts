import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATH } from '../../src/lib/paths';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';
import { PNG, awardTo, issuerCall, newBadgeClass, newIssuer } from './issuing-helpers';

/**
 * Issue 24 item 1: every image URL the list, detail and public APIs hand out draws a picture in
 * every state of the badge (revoked, expired, deleted by the issuer, imported then revoked, no
 * image at all), as the owner's browser (with its cookie) or a visitor (without) would load it.
 */
const W = '/api/v1.0/openbadge/v2/Wallet';
type Item = { id: string; image: string; is_revoked: boolean; is_expired: boolean };

async function call(path: string, token: string | null, body: Record<string, unknown>) {
  const res = await exports.default.fetch(`${BASE}${W}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { http: res.status, json: (await res.json()) as Record<string, unknown> };
}
const items = (json: Record<string, unknown>) => (json['assertions'] ?? []) as Item[];
const one = (json: Record<string, unknown>) => json['assertion'] as Item;

/**
 * Loads an image URL as a browser would: redirects followed, static files (the default image,
 * served from public/ under the base path once built) read from the assets binding.
 */
async function load(url: string, token: string | null, hops = 3): Promise<{ status: number; type: string }> {
  const path = url.startsWith('http') ? new URL(url).pathname : url;
  if (path.startsWith(`${BASE_PATH}/images/`)) {
    const res = await env.ASSETS.fetch(new URL(path.slice(BASE_PATH.length), 'http://assets.local'));
    await res.arrayBuffer();
    return { status: res.status, type: res.headers.get('Content-Type') ?? '' };
  }
  const res = await exports.default.fetch(`${BASE}${path}`, {
    headers: token ? { Cookie: `accessToken=${token}` } : {},
    redirect: 'manual',
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const location = res.headers.get('Location');
  if (res.status >= 300 && res.status < 400 && location && hops > 0) return load(location, token, hops - 1);
  const type = res.headers.get('Content-Type') ?? '';
  // An image answer, and really an image: PNG magic or SVG markup.
  const looksLikeImage =
    (type === 'image/png' && bytes[1] === 0x50 && bytes[2] === 0x4e) ||
    (type.startsWith('image/svg+xml') && new TextDecoder().decode(bytes).includes('<svg'));
  return { status: res.status, type: looksLikeImage ? type : `not an image: ${type}` };
}

async function expectImages(where: string, list: Item[], token: string | null) {
  expect(list.length, where).toBeGreaterThan(0);
  for (const item of list) {
    const r = await load(item.image, token);
    expect({ where, id: item.id, image: item.image, ...r }).toMatchObject({ status: 200, type: /^image\// });
  }
}

/** An imported badge, its image stored (or not) as the import stores it. */
async function imported(accountId: string, opts: { revoked?: boolean; image?: boolean; isPublic?: boolean } = {}) {
  const id = unique('host');
  const key = opts.image === false ? null : `host-images/${id}.png`;
  if (key) await env.BUCKET.put(key, PNG, { httpMetadata: { contentType: 'image/png' } });
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO host_assertions (id, account_id, external_id, source_url, assertion_json, badge_json, issuer_json, image_key,
       name, description, issuer_name, issuer_url, recipient_email, issued_on, verified_at, created_at, updated_at,
       is_public, revoked_at, revoked_reason)
     VALUES (?, ?, ?, ?, '{}', '{}', '{}', ?, 'Imported', 'Elsewhere.', 'Other Provider', 'https://other.example',
       'me@example.test', ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      accountId,
      `https://other.example/a/${id}`,
      `https://other.example/a/${id}`,
      key,
      now,
      now,
      now,
      now,
      opts.isPublic ? 1 : 0,
      opts.revoked ? now : null,
      opts.revoked ? 'Withdrawn.' : null,
    )
    .run();
  return id;
}

describe('badge pictures in every state (issue 24, item 1)', () => {
  let token: string;
  let accountId: string;
  const ids = {} as Record<
    | 'live'
    | 'revoked'
    | 'expired'
    | 'deleted'
    | 'noImage'
    | 'claimable'
    | 'hostLive'
    | 'hostRevoked'
    | 'hostNoImage'
    | 'hostPublic',
    string
  >;

  beforeAll(async () => {
    const me = await createAccount();
    accountId = me.id;
    token = await createSession(me.id);
    const { apiKey } = await newIssuer('Picture Academy');
    const bc = await newBadgeClass(apiKey);
    const bare = await newBadgeClass(apiKey);
    const emails = [1, 2, 3, 4, 5].map((n) => me.email.replace('@', `+${n}@`));
    const awarded = (await awardTo(apiKey, bc, emails)).ids;
    const [live, revoked, expired, deleted, claimable] = awarded as [string, string, string, string, string];
    const noImage = (await awardTo(apiKey, bare, [me.email])).ids[0] as string;
    Object.assign(ids, { live, revoked, expired, deleted, claimable, noImage });
    await env.DB.prepare(
      'UPDATE assertions SET account_id = ?, accept_status = 2, is_public = 1 WHERE id IN (?, ?, ?, ?, ?)',
    )
      .bind(me.id, live, revoked, expired, deleted, noImage)
      .run();
    await env.DB.prepare('UPDATE assertions SET account_id = ? WHERE id = ?').bind(me.id, claimable).run();
    await env.DB.prepare('UPDATE assertions SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 86_400_000, expired)
      .run();
    // A class whose image is gone: the spec's "default image when none exists".
    await env.DB.prepare('UPDATE badge_classes SET image_key = NULL WHERE id = ?').bind(bare).run();
    expect((await issuerCall(`/assertions/${revoked}/revoke`, apiKey, { reason: 'Cheated.' })).res.status).toBe(200);
    expect((await issuerCall(`/assertions/${deleted}`, apiKey, undefined, 'DELETE')).res.status).toBe(200);
    ids.hostLive = await imported(me.id);
    ids.hostRevoked = await imported(me.id, { revoked: true });
    ids.hostNoImage = await imported(me.id, { image: false });
    ids.hostPublic = await imported(me.id, { isPublic: true });
  });

  it("the owner's list: revoked, expired, imported-then-revoked and image-less badges all draw", async () => {
    const all = items((await call('FindList', token, {})).json);
    const shown = all.map((i) => i.id).sort();
    const expected = [ids.live, ids.revoked, ids.expired, ids.noImage, ids.hostLive, ids.hostRevoked, ids.hostNoImage];
    expect(shown).toEqual([...expected, ids.hostPublic].sort());
    expect(all.find((i) => i.id === ids.revoked)?.is_revoked).toBe(true);
    expect(all.find((i) => i.id === ids.expired)?.is_expired).toBe(true);
    await expectImages('FindList', all, token);
    await expectImages('FindList revoked tab', items((await call('FindList', token, { visibility: 3 })).json), token);
    await expectImages('FindList receiving', items((await call('FindList', token, { visibility: 4 })).json), token);
  });

  it("the owner's detail pages draw in every state; a badge deleted by the issuer is gone, not broken", async () => {
    const details: Item[] = [];
    for (const id of [ids.live, ids.revoked, ids.expired, ids.noImage])
      details.push(one((await call('GetAssertion', token, { assertion_id: id })).json));
    details.push(one((await call('GetUnacceptedAssertion', token, { assertion_id: ids.claimable })).json));
    for (const id of [ids.hostLive, ids.hostRevoked, ids.hostNoImage])
      details.push(one((await call('GetHostAssertion', token, { assertion_id: id })).json));
    await expectImages('detail', details, token);
    expect((await call('GetAssertion', token, { assertion_id: ids.deleted })).http).toBe(404);
  });

  it('public pages draw for a visitor without a session', async () => {
    const list = items((await call('Public/FindList', null, { account_id: accountId })).json);
    expect(list.map((i) => i.id).sort()).toEqual([ids.live, ids.expired, ids.noImage, ids.hostPublic].sort());
    await expectImages('Public/FindList', list, null);
    const details: Item[] = [];
    for (const id of [ids.live, ids.expired, ids.noImage])
      details.push(one((await call('Public/GetAssertion', null, { assertion_id: id })).json));
    details.push(one((await call('Public/GetHostAssertion', null, { assertion_id: ids.hostPublic })).json));
    details.push(one((await call('Public/GetAssertionUnAcquired', null, { assertion_id: ids.claimable })).json));
    await expectImages('public detail', details, null);
  });

  it('image-less badges point straight at the default image, not at a route that answers 404', async () => {
    const all = items((await call('FindList', token, {})).json);
    for (const id of [ids.noImage, ids.hostNoImage])
      expect(all.find((i) => i.id === id)?.image).toBe(`${BASE_PATH}/images/default-badge.svg`);
  });
});
