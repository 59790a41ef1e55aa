import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect, test } from './fixtures';

/**
 * Issue 23, read replicas, through the built Worker: Astro pages read the request's D1 session, so
 * a signed-in person's next page starts at the bookmark of their last write and shows it; an
 * anonymous public page gets no bookmark cookie. x-lanyard-d1-start exists in development only.
 */
const BASE = '/ns/portal/openbadge';
const ORIGIN = 'http://127.0.0.1:8787';
const W = '/api/v1.0/openbadge/v2/Wallet';
const PASSWORD = 'Kestrel#Wing42';
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test('a signed-in page starts at the bookmark of the last write and shows it', async ({ page, problems }) => {
  const email = `replica-${Date.now()}@example.test`;
  await registerAndActivate(ORIGIN, { email, password: PASSWORD, firstName: 'Ren', lastName: 'Mori', language: 'en' });
  const bookmark = async () => (await page.context().cookies(ORIGIN)).find((c) => c.name === 'lanyard_d1');

  const login = await page.request.post(`${ORIGIN}/api/v1.0/account/Wallet/Login`, {
    data: { email, password: PASSWORD },
    headers: { Origin: ORIGIN },
  });
  expect(login.status()).toBe(200);
  const afterLogin = await bookmark();
  expect(afterLogin).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  const settings = await page.goto(`${BASE}/setting?language=en`);
  expect(settings?.headers()['x-lanyard-d1-start']).toBe(afterLogin?.value);

  const last = `Mori${letters(8)}`;
  const saved = await page.request.post(`${ORIGIN}${W}/Setting/Profile/Set`, {
    data: { first_name: 'Ren', last_name: last, first_name_en: 'Ren', last_name_en: last, bio: '' },
    headers: { Origin: ORIGIN },
  });
  expect(saved.status()).toBe(200);
  const afterSave = await bookmark();
  expect(afterSave?.value).toBe(saved.headers()['x-d1-bookmark']);
  expect(afterSave?.value).not.toBe(afterLogin?.value);
  const again = await page.goto(`${BASE}/setting?language=en`);
  expect(again?.headers()['x-lanyard-d1-start']).toBe(afterSave?.value);
  // The account menu's name (server-rendered from the session's read of the account) is the new one.
  expect(await again?.text()).toContain(last);
  expect(problems).toEqual([]);
});

test('anonymous public pages get no bookmark cookie and start at any replica', async ({ browser }) => {
  const visitor = await browser.newContext();
  for (const path of [`${BASE}/search?language=en`, `${BASE}/search?language=ja&q=data`]) {
    const res = await visitor.request.get(`${ORIGIN}${path}`);
    expect(res.status()).toBe(200);
    const cookies = res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
    expect(cookies.filter((h) => h.value.startsWith('lanyard_d1='))).toEqual([]);
    expect(res.headers()['x-d1-bookmark']).toBeUndefined();
    expect(res.headers()['x-lanyard-d1-start']).toBe('first-unconstrained');
  }
  await visitor.close();
});
