import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createScheduledController } from 'cloudflare:test';
import worker from './entry';
import { CRON_NIGHTLY } from '../../src/server/jobs/scheduled';
import { BASE, SAME_ORIGIN, completionNotices, createAccount, createSession } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';

async function call(token: string, name: string, body: object = {}) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Notification/${name}?language=en`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify(body),
  });
  return { http: res.status, json: (await res.json()) as Record<string, unknown> & { errors?: { code: string }[] } };
}
type Item = { id: number; notification_type: number; message: string; url: string; is_read: boolean };

/** `n` notifications of alternating types for an account, oldest first. */
async function seed(accountId: string, n: number) {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) =>
    env.DB.prepare(
      `INSERT INTO notifications (account_id, type, message_key, message_params, url, is_read, deleted, created_at)
       VALUES (?, ?, 'notifications.badge_awarded', ?, '/ns/portal/openbadge/assertions', 0, 0, ?)`,
    ).bind(accountId, i % 2 === 0 ? 1 : 2, JSON.stringify({ badge: `B${i}`, issuer: 'Seed' }), now + i),
  );
  await env.DB.batch(rows);
}

describe('notifications (spec §7)', () => {
  it('an award notifies the account in its language; pages of 20, newest first, by type', async () => {
    const acct = await createAccount();
    const token = await createSession(acct.id);
    expect((await call(token, 'CheckUnreadNotifications')).json['has_notifications']).toBe(false);
    const { apiKey } = await newIssuer('Bell College');
    const bc = await newBadgeClass(apiKey, { name: 'Bell Badge' });
    await awardTo(apiKey, bc, [acct.email]);
    expect((await call(token, 'CheckUnreadNotifications')).json['has_notifications']).toBe(true);
    const first = await call(token, 'GetNotifications');
    const [award] = first.json['notifications'] as Item[];
    expect(award).toMatchObject({
      notification_type: 1,
      is_read: false,
      message: 'Bell College awarded you the badge “Bell Badge”.',
    });
    await seed(acct.id, 45);
    const page1 = await call(token, 'GetNotifications', { already_have_notification_count: 0 });
    expect(page1.json['total_count']).toBe(46);
    const items1 = page1.json['notifications'] as Item[];
    expect(items1).toHaveLength(20);
    expect(items1.map((i) => i.id)).toEqual([...items1.map((i) => i.id)].sort((a, b) => b - a));
    const page3 = await call(token, 'GetNotifications', { already_have_notification_count: 40 });
    expect(page3.json['notifications'] as Item[]).toHaveLength(6);
    const processed = await call(token, 'GetNotifications', { search: { type: 2 } });
    expect(processed.json['total_count']).toBe(22);
    expect((processed.json['notifications'] as Item[]).every((i) => i.notification_type === 2)).toBe(true);
  });

  it('read up to last_id; delete one (as a list), delete all; both at once refused; never another account’s', async () => {
    const me = await createAccount();
    const other = await createAccount();
    const mine = await createSession(me.id);
    const theirs = await createSession(other.id);
    await seed(me.id, 3);
    await seed(other.id, 2);
    const items = (await call(mine, 'GetNotifications')).json['notifications'] as Item[];
    const newest = items[0]?.id ?? 0;
    const foreign = ((await call(theirs, 'GetNotifications')).json['notifications'] as Item[]).map((i) => i.id);
    // Another account's ids change nothing there.
    await call(mine, 'SetNotificationIsRead', { last_id: Math.max(...foreign) });
    await call(mine, 'DeleteNotification', { notification_ids: foreign });
    const still = (await call(theirs, 'GetNotifications')).json['notifications'] as Item[];
    expect(still).toHaveLength(2);
    expect(still.every((i) => !i.is_read)).toBe(true);

    expect((await call(mine, 'SetNotificationIsRead', { last_id: newest })).http).toBe(200);
    expect((await call(mine, 'CheckUnreadNotifications')).json['has_notifications']).toBe(false);
    expect((await call(mine, 'DeleteNotification', { notification_ids: [newest] })).http).toBe(200);
    expect((await call(mine, 'GetNotifications')).json['total_count']).toBe(2);
    const both = await call(mine, 'DeleteNotification', { is_delete_all: true, notification_ids: [items[1]?.id] });
    expect(both.json.errors?.[0]?.code).toBe('E400106');
    expect((await call(mine, 'DeleteNotification', { is_delete_all: true })).http).toBe(200);
    expect((await call(mine, 'GetNotifications')).json).toMatchObject({ total_count: 0, notifications: [] });
    expect((await call('nobody'.padEnd(43, 'x'), 'CheckUnreadNotifications')).http).toBe(401);
  });
});

describe('process completed (type 2)', () => {
  it('receive all and the nightly receipt batch each notify once, with their counts, in the reader’s language', async () => {
    const acct = await createAccount();
    const token = await createSession(acct.id);
    const { apiKey } = await newIssuer('Batch College');
    const plain = await newBadgeClass(apiKey, { name: 'Plain' });
    const chain = await newBadgeClass(apiKey, { name: 'Chained' });
    await awardTo(apiKey, plain, [acct.email]);
    await awardTo(apiKey, plain, [acct.email]);
    await awardTo(apiKey, chain, [acct.email], { blockchain: true });
    await env.DB.prepare('UPDATE assertions SET account_id = ? WHERE recipient_email_normalized = ?')
      .bind(acct.id, acct.email)
      .run();
    const all = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/SetReceiveAllUnacceptedBadge`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
      body: '{}',
    });
    expect(await all.json()).toMatchObject({ total_count: 3, received_count: 3 });
    await worker.scheduled(createScheduledController({ cron: CRON_NIGHTLY, scheduledTime: Date.now() }), env);
    // A second night finds nothing in Receiving and says nothing.
    await worker.scheduled(createScheduledController({ cron: CRON_NIGHTLY, scheduledTime: Date.now() }), env);
    const wallet = '/ns/portal/openbadge/assertions';
    expect(await completionNotices(acct.id)).toEqual([
      { key: 'notifications.received_all', params: { count: 3 }, url: wallet },
      { key: 'notifications.receiving_settled', params: { count: 1 }, url: wallet },
    ]);
    const res = await exports.default.fetch(
      `${BASE}/api/v1.0/openbadge/v2/Wallet/Notification/GetNotifications?language=ja`,
      {
        method: 'POST',
        headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
        body: JSON.stringify({ search: { type: 2 } }),
      },
    );
    const messages = ((await res.json()) as { notifications: Item[] }).notifications.map((n) => n.message);
    expect(messages).toEqual([
      'ブロックチェーンバッジの受け取りが完了しました。ウォレットに追加されたバッジ：1件。',
      '受け取りが完了しました。ウォレットに追加されたバッジ：3件。',
    ]);
  });
});
