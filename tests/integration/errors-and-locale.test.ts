import { env, exports } from 'cloudflare:workers';
import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { BASE, SAME_ORIGIN } from './helpers';

/** A real route on the real app, so the shared validation hook and error boundary are exercised. */
function appWithValidatedRoute() {
  const app = createServer();
  const route = createRoute({
    method: 'post',
    path: '/api/test/echo',
    request: {
      body: {
        content: {
          'application/json': {
            schema: z.object({ email: z.email(), name: z.string().min(1).max(5), age: z.number().int().min(18) }),
          },
        },
      },
    },
    responses: { 200: { description: 'ok' } },
  });
  app.openapi(route, (c) => c.json({ status: 200, ...c.req.valid('json') }, 200));
  return app;
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  appWithValidatedRoute().request(
    '/api/test/echo',
    { method: 'POST', headers: { ...SAME_ORIGIN, ...headers }, body: JSON.stringify(body) },
    env,
  );

describe('validation errors: 400 E400100 with one translated item per field', () => {
  it('lists each failing field', async () => {
    const res = await post({ email: 'not-an-email', name: 'much too long', age: 3 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      status: number;
      errors: { code: string; resource_key: string; message: string; field?: string }[];
    };
    expect(body.status).toBe(400);
    expect(body.errors[0]).toMatchObject({ code: 'E400100', resource_key: 'errors.E400100' });
    const byField = Object.fromEntries(body.errors.slice(1).map((e) => [e.field, e]));
    expect(byField.email?.resource_key).toBe('validation.email');
    expect(byField.name?.resource_key).toBe('validation.too_long');
    expect(byField.name?.message).toContain('5');
    expect(byField.age?.resource_key).toBe('validation.too_small');
  });

  it('reports a missing field as required', async () => {
    const res = await post({ name: 'ab', age: 20 });
    const body = (await res.json()) as { errors: { field?: string; resource_key: string }[] };
    expect(body.errors.find((e) => e.field === 'email')?.resource_key).toBe('validation.required');
  });

  it('passes valid input through', async () => {
    const res = await post({ email: 'a@b.example', name: 'abc', age: 30 });
    expect(await res.json()).toEqual({ status: 200, email: 'a@b.example', name: 'abc', age: 30 });
  });

  it('translates messages into the request language', async () => {
    const ja = await post({ name: 'ab', age: 20 }, { 'Accept-Language': 'ja-JP,ja;q=0.9' });
    const jaBody = (await ja.json()) as { errors: { message: string }[] };
    expect(jaBody.errors[0]?.message).toBe(
      '送信された情報の一部が正しくありません。表示された項目を確認してください。',
    );
    const th = await appWithValidatedRoute().request(
      '/api/test/echo?language=th',
      { method: 'POST', headers: SAME_ORIGIN, body: '{}' },
      env,
    );
    const thBody = (await th.json()) as { errors: { message: string }[] };
    expect(thBody.errors[0]?.message).toBe('ข้อมูลที่ส่งบางส่วนไม่ถูกต้อง โปรดตรวจสอบช่องที่ระบุไว้');
  });
});

describe('language detection on the wire', () => {
  it('remembers a language chosen by query for 7 days, readable by scripts', async () => {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Nope?language=vn`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('language='));
    expect(cookie).toContain('language=vi');
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).not.toContain('HttpOnly');
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'Không tìm thấy mục được yêu cầu.',
    );
  });

  it('uses the cookie when there is no query, and sets nothing new', async () => {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Nope`, {
      headers: { Cookie: 'language=bd', 'Accept-Language': 'ko' },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      'অনুরোধ করা আইটেমটি পাওয়া যায়নি।',
    );
  });
});
