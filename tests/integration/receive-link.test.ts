import { env, exports } from 'cloudflare:workers';
import { createScheduledController } from 'cloudflare:test';
import worker from './entry';
import { CRON_NIGHTLY } from '../../src/server/jobs/scheduled';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';
import { awardTo, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';

async function receiveByLink(token: string) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/SetReceiveBadge`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ token }),
  });
  return {
    http: res.status,
    json: (await res.json()) as { status: number; result?: string; errors?: { code: string }[] },
  };
}

/** Awards one badge to an address and reads the receive link's token from the award mail. */
async function awardWithLink(email: string, over: Record<string, unknown> = {}) {
  const { apiKey } = await newIssuer('Link Test College');
  const bc = await newBadgeClass(apiKey, { name: 'Link Badge' });
  const count = () =>
    env.DB.prepare('SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address = ?').bind(email).first<number>('n');
  const before = (await count()) ?? 0;
  const [id] = (await awardTo(apiKey, bc, [email], over)).ids;
  await waitFor(async () => ((await count()) ?? 0) > before);
  const mail = await env.DB.prepare('SELECT text_body FROM dev_mailbox WHERE to_address = ? ORDER BY rowid DESC')
    .bind(email)
    .first<{ text_body: string }>();
  if (!mail) throw new Error('no award mail');
  const token = /receive\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1] ?? '';
  return { id: id as string, token };
}

const status = (id: string) =>
  env.DB.prepare('SELECT accept_status, accepted_at FROM assertions WHERE id = ?')
    .bind(id)
    .first<{ accept_status: number; accepted_at: number | null }>();

describe('receiving by the award mail link (no session)', () => {
  it('receives into the account that owns the address; a second press says already received', async () => {
    const acct = await createAccount();
    const { id, token } = await awardWithLink(acct.email);
    expect((await status(id))?.accept_status).toBe(0);
    const first = await receiveByLink(token);
    expect(first.json).toMatchObject({ status: 200, result: 'received' });
    expect((await status(id))?.accept_status).toBe(2);
    const again = await receiveByLink(token);
    expect(again.http).toBe(409);
    expect(again.json.errors?.[0]?.code).toBe('E409103');
  });

  it('makes a blockchain badge Receiving', async () => {
    const acct = await createAccount();
    const { id, token } = await awardWithLink(acct.email, { blockchain: true });
    expect((await receiveByLink(token)).json.result).toBe('received');
    expect((await status(id))?.accept_status).toBe(1);
  });

  it('twenty parallel presses receive once (CON-01)', async () => {
    const acct = await createAccount();
    const { id, token } = await awardWithLink(acct.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => receiveByLink(token)));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.http === 409)).toHaveLength(19);
    expect((await status(id))?.accept_status).toBe(2);
  });

  it('asks for an account when nobody has the address yet, and changes nothing', async () => {
    const email = `${unique('nobody')}@example.test`;
    const { id, token } = await awardWithLink(email);
    expect((await receiveByLink(token)).json).toMatchObject({ status: 200, result: 'register' });
    expect((await status(id))?.accept_status).toBe(0);
  });

  it('refuses an expired link with E410103, a hidden badge with E409104, a revoked one with E409100', async () => {
    const acct = await createAccount();
    const expired = await awardWithLink(acct.email);
    await env.DB.prepare('UPDATE link_tokens SET expires_at = 1 WHERE subject = ?').bind(expired.id).run();
    expect((await receiveByLink(expired.token)).json.errors?.[0]?.code).toBe('E410103');
    expect((await status(expired.id))?.accept_status).toBe(0);

    const hidden = await awardWithLink(acct.email);
    await env.DB.prepare('UPDATE assertions SET is_hidden = 1 WHERE id = ?').bind(hidden.id).run();
    expect((await receiveByLink(hidden.token)).json.errors?.[0]?.code).toBe('E409104');

    const revoked = await awardWithLink(acct.email);
    await env.DB.prepare('UPDATE assertions SET revoked_at = 1 WHERE id = ?').bind(revoked.id).run();
    expect((await receiveByLink(revoked.token)).json.errors?.[0]?.code).toBe('E409100');
  });

  it('answers 404 for an unknown or truncated token, and validates its shape', async () => {
    const acct = await createAccount();
    const { token } = await awardWithLink(acct.email);
    expect((await receiveByLink(token.slice(0, 40) + 'AAA')).http).toBe(404);
    expect((await receiveByLink('short')).http).toBe(400);
  });
});

describe('wallet display state', () => {
  const post = async (path: string, token: string) =>
    exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/${path}`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
      body: '{}',
    });
  const prefs = (id: string) =>
    env.DB.prepare('SELECT confetti_shown, claimable_reminder_hidden_until AS until FROM accounts WHERE id = ?')
      .bind(id)
      .first<{ confetti_shown: number; until: number | null }>();

  it('records the confetti once and hides the claimable reminder for one day', async () => {
    const acct = await createAccount();
    const token = await createSession(acct.id);
    expect((await prefs(acct.id))?.confetti_shown).toBe(0);
    expect((await post('SetConfettiShownOnceStatus', token)).status).toBe(200);
    expect((await prefs(acct.id))?.confetti_shown).toBe(1);
    const before = Date.now();
    expect((await post('SetClaimableReminderHidden', token)).status).toBe(200);
    const until = (await prefs(acct.id))?.until ?? 0;
    expect(until - before).toBeGreaterThanOrEqual(86_400_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(86_400_000 + 5000);
  });

  it('needs a session', async () => {
    expect((await post('SetConfettiShownOnceStatus', 'nobody'.padEnd(43, 'x'))).status).toBe(401);
  });
});

describe('the nightly batch and Receiving badges', () => {
  it('moves a received blockchain badge to Accepted, and keeps expired receive links explaining themselves', async () => {
    const acct = await createAccount();
    const { id, token } = await awardWithLink(acct.email, { blockchain: true });
    await receiveByLink(token);
    expect((await status(id))?.accept_status).toBe(1);
    await env.DB.prepare('UPDATE link_tokens SET expires_at = ? WHERE subject = ?')
      .bind(Date.now() - 86_400_000, id)
      .run();
    await worker.scheduled(createScheduledController({ cron: CRON_NIGHTLY, scheduledTime: Date.now() }), env);
    expect((await status(id))?.accept_status).toBe(2);
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM link_tokens WHERE subject = ? AND purpose = 'receive'")
      .bind(id)
      .first<number>('n');
    expect(kept).toBe(1);
  });
});
