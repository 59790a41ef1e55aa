import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { sha256Hex } from '../../src/server/auth/tokens';
import type { AppEnv } from '../../src/server/context';
import { AppError } from '../../src/server/errors';
import type { FormState } from '../../src/server/form-state';
import { purgeExpired } from '../../src/server/jobs/scheduled';
import { sendMail } from '../../src/server/mail/send';
import { maskAddress, readReception, saveReception } from '../../src/server/settings/reception-service';
import { BASE, createAccount, unique } from './helpers';

/*
 * Issue 20, item 6: /verify/emailnotification, the page every mail's footer links to, where a
 * recipient manages mail reception without signing in; and RFC 8058 one-click unsubscribe.
 */
const page: MiddlewareHandler<AppEnv> = async (c) => c.json({ form: c.var.form, token: await c.var.formToken() });
const app = createServer({ assets: (_c, next) => next(), pages: page });
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
const send = (url: string, init: RequestInit = {}) =>
  app.fetch(new Request(url, { redirect: 'manual', ...init }), env, ctx as unknown as ExecutionContext);
const PAGE = `${BASE}/ns/portal/openbadge/verify/emailnotification`;

/** Sends a mail to the address through the real send path (devbox transport); answers what landed. */
async function mailTo(to: string, kind?: 'info') {
  const id = unique('mail');
  const mail = { to, subject: 'Hello', text: 'Body', html: '<!doctype html><html><body><p>Body</p></body></html>' };
  await sendMail(env, id, kind ? { ...mail, kind } : mail, Date.now());
  const row = await env.DB.prepare('SELECT text_body AS text, html_body AS html, headers FROM dev_mailbox WHERE id = ?')
    .bind(id)
    .first<{ text: string; html: string; headers: string }>();
  const token = /\/verify\/emailnotification\?token=([A-Za-z0-9_-]+)/.exec(row?.text ?? '')?.[1] ?? '';
  return { ...row, token, headers: JSON.parse(row?.headers ?? '{}') as Record<string, string> };
}

const switches = (id: string) =>
  env.DB.prepare('SELECT receive_badge_mail AS badge, receive_info_mail AS info FROM accounts WHERE id = ?')
    .bind(id)
    .first<{ badge: number; info: number }>();
const codeOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => {
      if (e instanceof AppError) return e.code;
      throw e;
    },
  );

describe('the footer link of every mail to an account', () => {
  it('carries a per-account expiring link (digest stored, never the address in the URL); info mail gets RFC 8058 headers', async () => {
    const acct = await createAccount();
    const plain = await mailTo(acct.email);
    expect(plain.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(plain.text).not.toContain(encodeURIComponent(acct.email));
    expect(plain.html).toContain(`verify/emailnotification?token=${plain.token}`);
    expect(plain.headers['List-Unsubscribe']).toBeUndefined();
    const row = await env.DB.prepare('SELECT purpose, account_id, expires_at FROM link_tokens WHERE token_hash = ?')
      .bind(await sha256Hex(plain.token))
      .first<{ purpose: string; account_id: string; expires_at: number }>();
    expect(row).toMatchObject({ purpose: 'mail_prefs', account_id: acct.id });
    expect(row?.expires_at).toBeGreaterThan(Date.now() + 59 * 86_400_000);

    const info = await mailTo(acct.email, 'info');
    expect(info.headers['List-Unsubscribe']).toBe(
      `<http://127.0.0.1:8787/api/v1.0/account/Wallet/MailReception/OneClick?token=${info.token}>`,
    );
    expect(info.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('a mail to an address no account holds goes out unchanged', async () => {
    const m = await mailTo(`${unique('nobody')}@example.test`);
    expect(m.text).toBe('Body');
    expect(m.token).toBe('');
  });
});

describe('the reception page', () => {
  it('shows the masked address and both switches; unknown and expired links have their own answers', async () => {
    const acct = await createAccount();
    const { token } = await mailTo(acct.email);
    expect(await readReception(env, token)).toEqual({
      address: maskAddress(acct.email),
      receiveBadgeMail: true,
      receiveInfoMail: true,
    });
    expect(maskAddress('hanako@example.org')).toBe('ha***@example.org');
    expect(maskAddress(acct.email)).not.toContain(acct.email.split('@')[0]);
    expect(await codeOf(readReception(env, 'x'.repeat(43)))).toBe('E404111');
    expect(await codeOf(readReception(env, '<script>'))).toBe('E404111');
    await env.DB.prepare('UPDATE link_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    expect(await codeOf(readReception(env, token))).toBe('E410105');
    expect(await codeOf(saveReception(env, token, false, false))).toBe('E410105');
    expect(await switches(acct.id)).toEqual({ badge: 1, info: 1 });
  });

  it('the form posts without JavaScript: 303 and saved; the link is then used (409)', async () => {
    const acct = await createAccount();
    const { token } = await mailTo(acct.email);
    const url = `${PAGE}?token=${token}`;
    const open = await send(url);
    const key = /csrf=([^;]+)/.exec(open.headers.getSetCookie().join('\n'))?.[1] ?? '';
    const { token: csrf } = await open.json<{ token: string }>();
    const post = (fields: Record<string, string>) =>
      send(url, {
        method: 'POST',
        headers: {
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: `csrf=${key}`,
        },
        body: new URLSearchParams({ csrf, ...fields }).toString(),
      });
    // Badge mail stays on, info mail is unchecked (a browser sends nothing for it).
    const saved = await post({ badge: 'on' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe(`/ns/portal/openbadge/verify/emailnotification?token=${token}`);
    expect(await switches(acct.id)).toEqual({ badge: 1, info: 0 });
    const again = await post({ badge: 'on', info: 'on' });
    expect(again.status).toBe(409);
    expect((await again.json<{ form: FormState }>()).form).toMatchObject({ form: 'mailprefs', code: 'E409130' });
    expect(await switches(acct.id)).toEqual({ badge: 1, info: 0 });
  });

  it('a link of another account changes only that account', async () => {
    const a = await createAccount();
    const b = await createAccount();
    const linkA = (await mailTo(a.email)).token;
    await saveReception(env, linkA, false, false);
    expect(await switches(a.id)).toEqual({ badge: 0, info: 0 });
    expect(await switches(b.id)).toEqual({ badge: 1, info: 1 });
  });

  it('50 parallel saves with one link: one is written, 49 are "already used"', async () => {
    const acct = await createAccount();
    const { token } = await mailTo(acct.email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => codeOf(saveReception(env, token, i % 2 === 0, i % 3 === 0))),
    );
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a === 'E409130')).toHaveLength(49);
    const winner = answers.indexOf('ok');
    expect(await switches(acct.id)).toEqual({ badge: winner % 2 === 0 ? 1 : 0, info: winner % 3 === 0 ? 1 : 0 });
  });
});

describe('RFC 8058 one-click unsubscribe', () => {
  const oneClick = (token: string) =>
    send(`${BASE}/api/v1.0/account/Wallet/MailReception/OneClick?token=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

  it('turns information mail off for the link’s account only; badge mail stays', async () => {
    const acct = await createAccount();
    const other = await createAccount();
    const { token } = await mailTo(acct.email, 'info');
    const res = await oneClick(token);
    expect(res.status).toBe(200);
    expect(await switches(acct.id)).toEqual({ badge: 1, info: 0 });
    expect(await switches(other.id)).toEqual({ badge: 1, info: 1 });
  });

  it('works after the link saved settings; unknown and expired links get 404 E404111', async () => {
    const acct = await createAccount();
    const { token } = await mailTo(acct.email, 'info');
    await saveReception(env, token, true, true);
    expect((await oneClick(token)).status).toBe(200);
    expect(await switches(acct.id)).toEqual({ badge: 1, info: 0 });
    const unknown = await oneClick('y'.repeat(43));
    expect(unknown.status).toBe(404);
    expect((await unknown.json<{ errors: { code: string }[] }>()).errors[0]?.code).toBe('E404111');
    await env.DB.prepare('UPDATE link_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(token))
      .run();
    expect((await oneClick(token)).status).toBe(404);
  });

  it('50 parallel one-clicks: all answered 200, info mail off once and for all', async () => {
    const acct = await createAccount();
    const { token } = await mailTo(acct.email, 'info');
    const answers = await Promise.all(Array.from({ length: 50 }, () => oneClick(token)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(await switches(acct.id)).toEqual({ badge: 1, info: 0 });
  });
});

describe('the nightly purge of expired links', () => {
  it('keeps expired reception and verification links 30 days (they still say "expired"), other kinds go at once', async () => {
    const acct = await createAccount();
    const recent = (await mailTo(acct.email)).token;
    const old = (await mailTo(acct.email)).token;
    const now = Date.now();
    const reset = `reset-${unique('r')}`;
    await env.DB.batch([
      env.DB.prepare('UPDATE link_tokens SET expires_at = ? WHERE token_hash = ?').bind(
        now - 86_400_000,
        await sha256Hex(recent),
      ),
      env.DB.prepare('UPDATE link_tokens SET expires_at = ? WHERE token_hash = ?').bind(
        now - 31 * 86_400_000,
        await sha256Hex(old),
      ),
      env.DB.prepare(
        `INSERT INTO link_tokens (token_hash, purpose, account_id, subject, expires_at, created_at)
         VALUES (?, 'password_reset', ?, NULL, ?, ?)`,
      ).bind(reset, acct.id, now - 86_400_000, now - 2 * 86_400_000),
    ]);
    await purgeExpired(env, now);
    expect(await codeOf(readReception(env, recent))).toBe('E410105');
    expect(await codeOf(readReception(env, old))).toBe('E404111');
    expect(await env.DB.prepare('SELECT 1 FROM link_tokens WHERE token_hash = ?').bind(reset).first()).toBeNull();
  });
});
