import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';
import { PNG, awardTo, newBadgeClass, newIssuer } from './issuing-helpers';

const W = '/api/v1.0/openbadge/v2/Wallet';
async function call(path: string, token: string | null, body: Record<string, unknown>) {
  const res = await exports.default.fetch(`${BASE}${W}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { http: res.status, json: (await res.json()) as Record<string, unknown> & { errors?: { code: string }[] } };
}
const image = (id: string, token: string | null = null) =>
  exports.default.fetch(`${BASE}/api/v1.0/openBadge/v2/Assertion/Host/${id}/image`, {
    headers: token ? { Cookie: `accessToken=${token}` } : {},
    redirect: 'manual',
  });

/** An imported badge as the import (issue 6) will store it, with its image in R2. */
async function imported(accountId: string) {
  const id = unique('host');
  const key = `host-images/${id}.png`;
  await env.BUCKET.put(key, PNG, { httpMetadata: { contentType: 'image/png' } });
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO host_assertions (id, account_id, external_id, source_url, assertion_json, badge_json, issuer_json, image_key,
       name, description, issuer_name, issuer_url, recipient_email, issued_on, verified_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, '{}', ?, 'Imported Astronomy', 'Looked up.', 'Other Provider', 'https://other.example', 'me@example.test', ?, ?, ?, ?)`,
  )
    .bind(
      id,
      accountId,
      `https://other.example/assertions/${id}`,
      `https://other.example/assertions/${id}`,
      JSON.stringify({ narrative: 'Observed Jupiter.' }),
      JSON.stringify({ criteria: { narrative: 'Watch the sky.' } }),
      key,
      now,
      now,
      now,
      now,
    )
    .run();
  return { id, key };
}

describe('imported badges (host assertions)', () => {
  it('the owner reads, publishes and deletes one; anyone else gets 404 (AZ-01, AZ-05)', async () => {
    const me = await createAccount();
    const token = await createSession(me.id);
    const other = await createSession((await createAccount()).id);
    const { id, key } = await imported(me.id);

    const mine = await call('GetHostAssertion', token, { assertion_id: id });
    expect(mine.json['assertion']).toMatchObject({
      name: 'Imported Astronomy',
      isMultiverseIssuedBadge: false,
      criteria: { narrative: 'Watch the sky.', url: null },
      recipients_count: null,
    });
    expect((await call('GetHostAssertion', other, { assertion_id: id })).http).toBe(404);
    expect((await call('DeleteHostAssertion', other, { assertion_id: id })).http).toBe(404);
    expect((await call('SetAssertionStatus', other, { assertion_id: id, is_public: true })).http).toBe(404);

    // Private: the image is the owner's alone; the public call says "private or deleted".
    expect((await image(id, token)).status).toBe(200);
    expect((await image(id)).status).toBe(404);
    expect((await call('Public/GetHostAssertion', null, { assertion_id: id })).json.errors?.[0]?.code).toBe('E404104');

    expect((await call('SetAssertionStatus', token, { assertion_id: id, is_public: true })).http).toBe(200);
    const pub = await call('Public/GetHostAssertion', null, { assertion_id: id });
    expect(pub.http).toBe(200);
    expect((pub.json['assertion'] as { assertion_email: unknown }).assertion_email).toBeNull();
    const img = await image(id);
    expect(img.status).toBe(200);
    expect(img.headers.get('Content-Security-Policy')).toContain('sandbox');

    expect((await call('DeleteHostAssertion', token, { assertion_id: id })).http).toBe(200);
    expect((await call('GetHostAssertion', token, { assertion_id: id })).http).toBe(404);
    expect((await image(id)).status).toBe(404);
    // The image goes by the outbox job written with the delete.
    await expect.poll(async () => await env.BUCKET.head(key), { timeout: 20_000 }).toBeNull();
  });
});

describe('the public view of a badge not yet received', () => {
  it('shows the badge without the address while claimable, and nothing once received or hidden', async () => {
    const acct = await createAccount();
    const { apiKey } = await newIssuer('Unacquired College');
    const bc = await newBadgeClass(apiKey, { name: 'Waiting Badge' });
    const [a, b] = (await awardTo(apiKey, bc, [acct.email, `x-${acct.email}`])).ids as [string, string];
    const open = await call('Public/GetAssertionUnAcquired', null, { assertion_id: a });
    expect(open.json['assertion']).toMatchObject({ name: 'Waiting Badge', assertion_email: null });
    await env.DB.prepare('UPDATE assertions SET accept_status = 2 WHERE id = ?').bind(a).run();
    await env.DB.prepare('UPDATE assertions SET is_hidden = 1 WHERE id = ?').bind(b).run();
    for (const id of [a, b, 'nope']) {
      const r = await call('Public/GetAssertionUnAcquired', null, { assertion_id: id });
      expect(r.http).toBe(404);
      expect(r.json.errors?.[0]?.code).toBe('E404104');
    }
  });
});
