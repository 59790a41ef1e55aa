import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';

// Issue 23: the benchmark splits FindList's time into the list's D1 batch (`list`) and the whole
// request (`total`); both must be on the answer, or `npm run bench` reports nothing for them.
describe('FindList Server-Timing', () => {
  it('names the list batch and the whole request, each with a duration', async () => {
    const { id } = await createAccount();
    const token = await createSession(id);
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/FindList`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
      body: JSON.stringify({ page: 1 }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total_count: number }).total_count).toBe(0);
    const timing = res.headers.get('server-timing') ?? '';
    expect(timing).toMatch(/(^|, *)list;dur=\d+(\.\d)?(,|$)/);
    expect(timing).toMatch(/(^|, *)total;dur=\d+(\.\d)?(,|$)/);
  });

  it('is not given to a request without a session, which is refused', async () => {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/FindList`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('server-timing') ?? '').not.toContain('list;');
  });
});
