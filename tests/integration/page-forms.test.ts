import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { createServer } from '../../src/server/app';
import type { AppEnv } from '../../src/server/context';
import type { FormState } from '../../src/server/form-state';
import { BASE, createAccount, createSession, SAME_ORIGIN } from './helpers';

/*
 * Issue 25: the wallet pages' forms post to the server. Astro's pages do not exist in workerd tests,
 * so a stand-in page answers with what a page would render from: the form state and the token.
 */
const page: MiddlewareHandler<AppEnv> = async (c) => c.json({ form: c.var.form, token: await c.var.formToken() });
const app = createServer({ assets: (_c, next) => next(), pages: page });
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
const W = `${BASE}/ns/portal/openbadge`;
const PASSWORD = 'Sakura#2024';

const send = (url: string, init: RequestInit = {}) =>
  app.fetch(new Request(url, { redirect: 'manual', ...init }), env, ctx as unknown as ExecutionContext);

/** A visitor: the key cookie and the token a page gives them. */
async function visitor(route = '/login') {
  const res = await send(`${W}${route}`);
  const key = /csrf=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const { token } = await res.json<{ token: string }>();
  return { cookie: `csrf=${key}`, token, setCookie: res.headers.getSetCookie().join('\n') };
}

/** A form post; same-origin unless the test gives its own Sec-Fetch-Site or Origin. */
const post = (route: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  send(`${W}${route}`, {
    method: 'POST',
    headers: {
      ...('Sec-Fetch-Site' in headers || 'Origin' in headers ? {} : { 'Sec-Fetch-Site': 'same-origin' }),
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });

const stateOf = async (res: Response) => (await res.json<{ form: FormState }>()).form;

async function accountWithPassword() {
  const acct = await createAccount();
  await env.DB.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?')
    .bind(await hashPassword(env, PASSWORD), acct.id)
    .run();
  return acct;
}

const apiLogin = (email: string, password: string) =>
  app.fetch(
    new Request(`${BASE}/api/v1.0/account/Wallet/Login`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ email, password }),
    }),
    env,
    ctx as unknown as ExecutionContext,
  );

describe('the form token (CSRF)', () => {
  it('a page with a form sets a SameSite=Strict, HttpOnly key cookie under the wallet path; the field is its HMAC', async () => {
    const v = await visitor();
    expect(v.setCookie).toMatch(
      /csrf=[A-Za-z0-9_-]{43}; Max-Age=86400; Path=\/ns\/portal\/openbadge; HttpOnly; SameSite=Strict/,
    );
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(v.cookie).not.toContain(v.token);
    // The same visitor keeps the key: a second page gives the same token and sets no cookie.
    const again = await send(`${W}/login`, { headers: { Cookie: v.cookie } });
    expect(again.headers.getSetCookie().join('')).not.toContain('csrf=');
    expect((await again.json<{ token: string }>()).token).toBe(v.token);
  });

  it('a page without a form sets no cookie (public pages stay cacheable)', async () => {
    const plain = createServer({ assets: (_c, next) => next(), pages: async (c) => c.text('no form here') });
    const res = await plain.fetch(new Request(`${W}/search`), env, ctx as unknown as ExecutionContext);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a signed-in page gets its key before it renders: a form streamed after the headers still matches (issue 35)', async () => {
    // Astro streams a page: a form deep in it asks for its token after the headers have gone. The
    // stand-in asks only after its answer has left the middleware, as such a form would.
    let late: Promise<string> = Promise.resolve('');
    const streamed = createServer({
      assets: (_c, next) => next(),
      pages: async (c) => {
        late = new Promise((resolve) => setTimeout(() => resolve(c.var.formToken()), 0));
        return c.text('a badge page');
      },
    });
    const session = await createSession((await createAccount()).id);
    const res = await streamed.fetch(
      new Request(`${W}/assertions`, { headers: { Cookie: `accessToken=${session}` } }),
      env,
      ctx as unknown as ExecutionContext,
    );
    const key = /csrf=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await late;
    const answer = await post('/assertions', { csrf: token }, { Cookie: `accessToken=${session}; csrf=${key}` });
    expect([answer.status, answer.headers.get('Location')]).toEqual([303, '/ns/portal/openbadge/assertions']);
  });

  it('SES-06: a forged cross-site form post is refused before anything runs (no attempt counted)', async () => {
    const acct = await accountWithPassword();
    const v = await visitor();
    const forged: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
    ];
    for (const headers of forged) {
      const res = await post(
        '/login',
        { csrf: v.token, step: 'password', email: acct.email, password: 'Wrong#Guess1' },
        { Cookie: v.cookie, ...headers },
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ errors: [{ code: 'E403101' }] });
    }
    // Still five attempts: the API's next wrong answer says four remain.
    expect(await (await apiLogin(acct.email, 'Wrong#Guess2')).json()).toMatchObject({
      errors: [{ code: 'E401102', message: expect.stringContaining('4 attempts') }],
    });
  });

  it('a post without the token, with another visitor’s token, or without the cookie is refused (E403103) and shown again', async () => {
    const acct = await accountWithPassword();
    const mine = await visitor();
    const theirs = await visitor();
    for (const [fields, cookie] of [
      [{}, mine.cookie],
      [{ csrf: theirs.token }, mine.cookie],
      [{ csrf: mine.token }, ''],
      [{ csrf: mine.token }, `csrf=${'p'.repeat(43)}`],
    ] as const) {
      const res = await post(
        '/login',
        { ...fields, step: 'password', email: acct.email, password: PASSWORD },
        cookie ? { Cookie: cookie } : {},
      );
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie().join('')).not.toContain('accessToken=');
      const state = await stateOf(res);
      expect(state).toMatchObject({ form: 'login', step: 'password', values: { email: acct.email }, code: 'E403103' });
      expect(state.errors['_form']).toEqual([
        'This form has expired. Please check what you entered and send it again.',
      ]);
      expect(JSON.stringify(state)).not.toContain(PASSWORD);
    }
  });

  it('a form body over the JSON calls’ cap is refused before it is read (E413100), and a JSON body is not a form (E415100)', async () => {
    const v = await visitor();
    const big = await post(
      '/login',
      { csrf: v.token, step: 'email', email: 'x'.repeat(256 * 1024) },
      { Cookie: v.cookie },
    );
    expect(big.status).toBe(413);
    const json = await send(`${W}/login`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', Cookie: v.cookie },
      body: JSON.stringify({ csrf: v.token, email: 'a@example.test' }),
    });
    expect(json.status).toBe(415);
    expect(await stateOf(json)).toMatchObject({ code: 'E415100' });
  });
});

describe('login by form', () => {
  it('step 1 checks the address as the API does, step 2 shows the password step with the address kept', async () => {
    const v = await visitor();
    const bad = await post('/login', { csrf: v.token, step: 'email', email: 'not-an-address' }, { Cookie: v.cookie });
    expect(bad.status).toBe(400);
    expect(await stateOf(bad)).toMatchObject({ step: 'email', values: { email: 'not-an-address' }, code: 'E400100' });
    const good = await post(
      '/login',
      { csrf: v.token, step: 'email', email: ' a@example.test ' },
      { Cookie: v.cookie },
    );
    expect(good.status).toBe(200);
    expect(await stateOf(good)).toMatchObject({ step: 'password', values: { email: 'a@example.test' }, code: null });
  });

  it('counts wrong passwords with the API (one lockout), translated, and never echoes the password', async () => {
    const acct = await accountWithPassword();
    const v = await visitor();
    const wrong = (password: string) =>
      post(
        '/login',
        { csrf: v.token, step: 'password', email: acct.email, password },
        { Cookie: `${v.cookie}; language=ja` },
      );
    const first = await wrong('Wrong#Guess1');
    expect(first.status).toBe(401);
    const state = await stateOf(first);
    expect(state).toMatchObject({ step: 'password', values: { email: acct.email }, code: 'E401102' });
    expect(state.errors['_form']).toEqual(['メールアドレスまたはパスワードが正しくありません。残り4回試行できます。']);
    expect(JSON.stringify(state)).not.toContain('Wrong#Guess1');
    await apiLogin(acct.email, 'Wrong#Guess2');
    await wrong('Wrong#Guess3');
    await apiLogin(acct.email, 'Wrong#Guess4');
    const fifth = await wrong('Wrong#Guess5');
    expect(fifth.status).toBe(423);
    // Locked: the right password is refused by form and API alike.
    expect((await wrong(PASSWORD)).status).toBe(423);
    expect((await apiLogin(acct.email, PASSWORD)).status).toBe(423);
  });

  it('the right password sets the API login’s session cookies and answers 303 to a same-origin redirect only', async () => {
    const acct = await accountWithPassword();
    const v = await visitor();
    for (const [redirect, target] of [
      ['/ns/portal/openbadge/setting?menu=2', '/ns/portal/openbadge/setting?menu=2'],
      ['https://evil.example/', '/ns/portal/openbadge/assertions'],
      ['/\\evil.example', '/ns/portal/openbadge/assertions'],
    ]) {
      const res = await post(
        `/login?redirect=${encodeURIComponent(redirect ?? '')}`,
        { csrf: v.token, step: 'password', email: acct.email, password: PASSWORD },
        { Cookie: v.cookie },
      );
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe(target);
      const cookies = res.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('accessToken='))).toMatch(/HttpOnly; SameSite=Lax/);
      expect(cookies.some((c) => c.startsWith('userType=2'))).toBe(true);
      expect(cookies.some((c) => c.startsWith(`account_id=${acct.id}`))).toBe(true);
    }
  });
});

describe('the other account forms', () => {
  it('registration: the steps, the API’s field errors without the passwords, then 303 and the sent step once', async () => {
    const v = await visitor('/createaccount');
    const h = { Cookie: v.cookie };
    expect(await stateOf(await post('/createaccount', { csrf: v.token, step: 'terms' }, h))).toMatchObject({
      step: 'info',
    });
    const email = `form-${Date.now()}@example.test`;
    const fields = {
      csrf: v.token,
      step: 'info',
      agree_term_of_service: 'true',
      last_name: 'Yamada',
      first_name: 'Hanako',
      email,
    };
    const weak = await post('/createaccount', { ...fields, password: 'password', confirm_password: 'other' }, h);
    expect(weak.status).toBe(400);
    const state = await stateOf(weak);
    expect(state.step).toBe('info');
    expect(state.values).toEqual({ last_name: 'Yamada', first_name: 'Hanako', email });
    expect(Object.keys(state.errors).sort()).toEqual(['_form', 'confirm_password', 'password']);
    const back = await post('/createaccount', { ...fields, back: '1' }, h);
    expect(await stateOf(back)).toMatchObject({ step: 'terms', values: { email } });

    const done = await post(
      '/createaccount',
      { ...fields, password: 'Maple#Leaf2026', confirm_password: 'Maple#Leaf2026' },
      h,
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/ns/portal/openbadge/createaccount');
    const flash = /form_result=([^;]+)/.exec(done.headers.getSetCookie().join('\n'))?.[1] ?? '';
    const sent = await send(`${W}/createaccount`, { headers: { Cookie: `${v.cookie}; form_result=${flash}` } });
    expect(await stateOf(sent)).toMatchObject({ form: 'register', step: 'sent', values: { email } });
    expect(sent.headers.getSetCookie().join('\n')).toMatch(/form_result=;/);
    const row = await env.DB.prepare('SELECT 1 AS x FROM registrations WHERE email_normalized = ?').bind(email).first();
    expect(row).not.toBeNull();
    // A flash with a broken seal shows nothing.
    const forged = await send(`${W}/createaccount`, { headers: { Cookie: `${v.cookie}; form_result=${flash}x` } });
    expect(await stateOf(forged)).toBeNull();
  });

  it('a used or unknown reset link answers 410 E410101 on the same page; a bad address on forgot 400', async () => {
    const v = await visitor('/password/forgot');
    const h = { Cookie: v.cookie };
    const reset = await post(
      `/password/reset/${'x'.repeat(43)}`,
      { csrf: v.token, password: 'Cedar#Grove2027', confirm_password: 'Cedar#Grove2027' },
      h,
    );
    expect(reset.status).toBe(410);
    expect(await stateOf(reset)).toMatchObject({ form: 'reset', code: 'E410101' });
    const forgot = await post('/password/forgot', { csrf: v.token, email: 'nobody' }, h);
    expect(forgot.status).toBe(400);
    expect(await stateOf(forgot)).toMatchObject({ form: 'forgot', values: { email: 'nobody' }, code: 'E400100' });
    const ok = await post('/password/forgot', { csrf: v.token, email: 'nobody@example.test' }, h);
    expect(ok.status).toBe(303);
  });

  it('the terms agreement records the version and goes back; signed out it goes to login', async () => {
    const v = await visitor('/terms');
    const out = await post(
      '/terms',
      { csrf: v.token, agree_term_of_service: 'true', redirect: '/ns/portal/openbadge/search' },
      {
        Cookie: v.cookie,
      },
    );
    expect(out.status).toBe(303);
    expect(out.headers.get('Location')).toBe(
      `/ns/portal/openbadge/login?redirect=${encodeURIComponent('/ns/portal/openbadge/search')}`,
    );
    const { id } = await createAccount();
    await env.DB.prepare('UPDATE accounts SET agree_term_of_service = 0, terms_version = NULL WHERE id = ?')
      .bind(id)
      .run();
    const session = await createSession(id);
    const agreed = await post(
      '/terms',
      { csrf: v.token, agree_term_of_service: 'true', redirect: 'https://evil.example/' },
      {
        Cookie: `${v.cookie}; accessToken=${session}`,
      },
    );
    expect(agreed.status).toBe(303);
    expect(agreed.headers.get('Location')).toBe('/ns/portal/openbadge/assertions');
    const row = await env.DB.prepare('SELECT agree_term_of_service AS a, terms_version AS v FROM accounts WHERE id = ?')
      .bind(id)
      .first<{ a: number; v: string }>();
    expect(row?.a).toBe(1);
    expect(row?.v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
