import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/auth/tokens';
import { BASE, createAccount, createSession } from './helpers';

const LOGOUT = `${BASE}/api/v1.0/account/Wallet/OpenbadgeWalletLogout`;

async function sessionAlive(token: string) {
  const row = await env.DB.prepare('SELECT 1 AS x FROM sessions WHERE token_hash = ?')
    .bind(await sha256Hex(token))
    .first();
  return row !== null;
}

describe('SES-06: cross-site state changes are refused', () => {
  it.each([
    [
      'a form from another site',
      { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' },
    ],
    ['a sibling subdomain', { 'Sec-Fetch-Site': 'same-site', 'Content-Type': 'application/json' }],
    ['text/plain fetch from another origin', { Origin: 'https://evil.com', 'Content-Type': 'text/plain' }],
    ['no Content-Type from another origin', { Origin: 'https://evil.com' }],
  ])('%s gets 403 E403101 and changes nothing', async (_name, headers) => {
    const { id } = await createAccount();
    const token = await createSession(id);
    const res = await exports.default.fetch(LOGOUT, {
      method: 'POST',
      headers: { ...headers, Cookie: `accessToken=${token}` },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: 403, errors: [{ code: 'E403101' }] });
    expect(await sessionAlive(token)).toBe(true);
  });

  it('a same-origin request does change state', async () => {
    const { id } = await createAccount();
    const token = await createSession(id);
    const res = await exports.default.fetch(LOGOUT, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', Cookie: `accessToken=${token}` },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await sessionAlive(token)).toBe(false);
    const cleared = res.headers.getSetCookie().join('\n');
    for (const name of ['accessToken', 'userType', 'account_id', 'service_country'])
      expect(cleared).toMatch(new RegExp(`${name}=;`));
  });

  it('GET never changes state (logout is POST only)', async () => {
    const { id } = await createAccount();
    const token = await createSession(id);
    const res = await exports.default.fetch(LOGOUT, { headers: { Cookie: `accessToken=${token}` } });
    expect(res.status).toBe(404);
    expect(await sessionAlive(token)).toBe(true);
  });
});

describe('SES-07: no CORS reflection', () => {
  it('never answers with Access-Control-Allow-Origin for a foreign origin', async () => {
    const pre = await exports.default.fetch(LOGOUT, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(pre.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(pre.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    const get = await exports.default.fetch(`${BASE}/api/health`, { headers: { Origin: 'https://evil.com' } });
    expect(get.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
