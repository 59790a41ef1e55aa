import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import type { AppEnv } from '../../src/server/context';
import type { FormState } from '../../src/server/form-state';
import { BASE } from './helpers';
import { PASSWORD } from './settings-helpers';
import { appCode, withAppCodes } from './two-step-helpers';

/*
 * The login page's code step without JavaScript (issue 22 with issue 25's page forms). Astro pages
 * do not exist in workerd tests: a stand-in page answers with the form state and token it gets.
 */
const page: MiddlewareHandler<AppEnv> = async (c) => c.json({ form: c.var.form, token: await c.var.formToken() });
const app = createServer({ assets: (_c, next) => next(), pages: page });
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
const W = `${BASE}/ns/portal/openbadge`;

const send = (url: string, init: RequestInit = {}) =>
  app.fetch(new Request(url, { redirect: 'manual', ...init }), env, ctx as unknown as ExecutionContext);

const cookieNamed = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

async function visitor() {
  const res = await send(`${W}/login`);
  const { token } = await res.json<{ token: string }>();
  return { cookie: cookieNamed(res, 'csrf'), token };
}

const post = (fields: Record<string, string>, cookie: string) =>
  send(`${W}/login`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });

describe('login by form with app codes on', () => {
  it('the right password shows the code step (pending cookie, no session); a wrong code is counted; the right one signs in', async () => {
    const acct = await withAppCodes();
    const v = await visitor();
    const pw = await post({ csrf: v.token, step: 'password', email: acct.email, password: PASSWORD }, v.cookie);
    expect(pw.status).toBe(200);
    expect((await pw.json<{ form: FormState }>()).form).toMatchObject({ step: 'code', values: { email: acct.email } });
    expect(cookieNamed(pw, 'accessToken')).toBe('');
    const pending = cookieNamed(pw, 'lanyard_mfa');
    expect(pending).toMatch(/^lanyard_mfa=.{43}$/);

    const wrong = await post(
      { csrf: v.token, step: 'code', email: acct.email, code: '00000a' },
      `${v.cookie}; ${pending}`,
    );
    expect(wrong.status).toBe(401);
    const state = (await wrong.json<{ form: FormState }>()).form;
    expect(state).toMatchObject({ step: 'code', code: 'E401140' });

    const right = await post(
      { csrf: v.token, step: 'code', email: acct.email, code: await appCode(acct.secret) },
      `${v.cookie}; ${pending}`,
    );
    expect(right.status).toBe(303);
    expect(cookieNamed(right, 'accessToken')).toMatch(/^accessToken=.{43}$/);
    expect(right.headers.getSetCookie().some((c) => /^lanyard_mfa=;/.test(c))).toBe(true);
  });
});
