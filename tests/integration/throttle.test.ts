import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';

/** SSRF-16: imports and outbound verifications are throttled (Workers Rate Limiting, 60 s windows). */
async function post(path: string, body: object, headers: Record<string, string>) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { errors?: { code: string; message: string }[] };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, message: json.errors?.[0]?.message ?? '' };
}

/** The local limiter counts in fixed minute windows: start each burst well inside one. */
async function insideOneWindow() {
  const into = Date.now() % 60_000;
  if (into > 45_000) await new Promise((r) => setTimeout(r, 60_000 - into + 50));
}

describe('throttling work that fetches from other hosts (SSRF-16)', { timeout: 80_000 }, () => {
  it('an account may import 10 badges a minute; the 11th answers 429 E429100, from any address', async () => {
    await insideOneWindow();
    const acct = await createAccount();
    const cookie = `accessToken=${await createSession(acct.id)}`;
    // Each from another address, so only the per-account limit can refuse. The URL is refused by
    // the outbound guard at once: the throttle counts attempts, not successes.
    const attempt = (n: number) =>
      post(
        'AddBadge',
        { url: 'http://169.254.169.254/a.json' },
        { Cookie: cookie, 'CF-Connecting-IP': `203.0.113.${n}` },
      );
    for (let n = 1; n <= 10; n++) expect((await attempt(n)).http).not.toBe(429);
    const over = await attempt(11);
    expect(over).toMatchObject({ http: 429, code: 'E429100' });
    expect(over.message).toMatch(/too many/i);
    const other = await createAccount();
    const fresh = await post(
      'AddBadge',
      { url: 'http://169.254.169.254/a.json' },
      { Cookie: `accessToken=${await createSession(other.id)}`, 'CF-Connecting-IP': '203.0.113.99' },
    );
    expect(fresh.http).not.toBe(429);
  });

  it('one address may run 60 outbound verifications a minute; badges issued here are not counted', async () => {
    await insideOneWindow();
    const from = (ip: string) => ({ 'CF-Connecting-IP': ip });
    const outbound = { input_type: 'url', url: 'http://169.254.169.254/a.json' };
    for (let n = 0; n < 60; n++)
      expect((await post('Public/Verification', outbound, from('198.51.100.7'))).http).toBe(200);
    expect(await post('Public/Verification', outbound, from('198.51.100.7'))).toMatchObject({
      http: 429,
      code: 'E429100',
    });
    // Another address, and a badge issued here from the throttled one, still go through.
    expect((await post('Public/Verification', outbound, from('198.51.100.8'))).http).toBe(200);
    const own = { input_type: 'assertion_id', assertion_id: 'no-such-badge' };
    expect((await post('Public/Verification', own, from('198.51.100.7'))).http).toBe(200);
  });

  it('an IPv6 client counts as its /64', async () => {
    await insideOneWindow();
    const outbound = { input_type: 'url', url: 'http://169.254.169.254/b.json' };
    for (let n = 0; n < 60; n++)
      await post('Public/Verification', outbound, { 'CF-Connecting-IP': `2001:db8:1:2::${(n + 1).toString(16)}` });
    const sameNet = await post('Public/Verification', outbound, { 'CF-Connecting-IP': '2001:db8:1:2:ffff::1' });
    expect(sameNet.http).toBe(429);
    const otherNet = await post('Public/Verification', outbound, { 'CF-Connecting-IP': '2001:db8:1:3::1' });
    expect(otherNet.http).toBe(200);
  });
});
