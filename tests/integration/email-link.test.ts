import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/auth/tokens';
import { createServer } from '../../src/server/app';
import type { AppEnv } from '../../src/server/context';
import { AppError } from '../../src/server/errors';
import type { FormState } from '../../src/server/form-state';
import { emailLinkProblem, verifyEmailByLink } from '../../src/server/settings/email-link-service';
import { BASE, unique } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';

/*
 * Issue 20, item 6: an address added in settings is verified by the mailed code or by the link in
 * the same mail (/email/verification/{token}), under the same rules and in the same one batch.
 */
const page: MiddlewareHandler<AppEnv> = async (c) => c.json({ form: c.var.form, token: await c.var.formToken() });
const app = createServer({ assets: (_c, next) => next(), pages: page });
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
const W = `${BASE}/ns/portal/openbadge`;
const send = (url: string, init: RequestInit = {}) =>
  app.fetch(new Request(url, { redirect: 'manual', ...init }), env, ctx as unknown as ExecutionContext);

/** The mail carrying the code and the link to an address (the devbox keeps mails in D1), newest first. */
async function codeMail(to: string, nth = 1): Promise<{ code: string; token: string; text: string }> {
  for (let i = 0; i < 60; i++) {
    const rows = await env.DB.prepare(
      "SELECT text_body AS text FROM dev_mailbox WHERE to_address = ? AND subject LIKE '%verification code%' ORDER BY created_at, rowid",
    )
      .bind(to)
      .all<{ text: string }>();
    const text = rows.results[nth - 1]?.text;
    const token = text ? /\/ns\/portal\/openbadge\/email\/verification\/([A-Za-z0-9_-]+)/.exec(text)?.[1] : undefined;
    const code = text ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
    if (text && token && code) return { code, token, text };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mail number ${nth} to ${to}`);
}

const call = (cookie: string, name: string, body: object = {}) => settingsCall(cookie, `Email/${name}`, body);
const verified = async (cookie: string, email: string) =>
  ((await call(cookie, 'List')).json['emails'] as { email: string; verified: boolean }[]).find((e) => e.email === email)
    ?.verified;
const codeOf = async (token: string) => {
  try {
    await verifyEmailByLink(env, token);
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
};

async function added() {
  const me = await signedIn();
  const extra = `${unique('link')}@example.test`;
  expect((await call(me.cookie, 'Add', { email: extra, password: PASSWORD })).http).toBe(200);
  return { me, extra, mail: await codeMail(extra) };
}

describe('verification by link', () => {
  it('the code mail carries the link (token stored only as its digest); the link verifies the address', async () => {
    const { me, extra, mail } = await added();
    expect(mail.text).toContain(mail.code);
    const row = await env.DB.prepare(
      'SELECT purpose, account_id, subject, used_at FROM link_tokens WHERE token_hash = ?',
    )
      .bind(await sha256Hex(mail.token))
      .first();
    expect(row).toMatchObject({ purpose: 'email_verification', account_id: me.id, subject: extra, used_at: null });
    expect(await env.DB.prepare('SELECT 1 FROM link_tokens WHERE token_hash = ?').bind(mail.token).first()).toBeNull();
    expect(await codeOf(mail.token)).toBe('ok');
    expect(await verified(me.cookie, extra)).toBe(true);
    // Used once; the code of the same mail now finds the address verified.
    expect(await codeOf(mail.token)).toBe('E409119');
    expect((await call(me.cookie, 'Verify', { email: extra, code: mail.code })).code).toBe('E409109');
  });

  it('issue 35, item 5: opening the link tells what its button would answer, and verifies nothing', async () => {
    const { me, extra, mail } = await added();
    expect(await emailLinkProblem(env, mail.token)).toBeNull();
    expect(await emailLinkProblem(env, mail.token)).toBeNull();
    expect(await verified(me.cookie, extra)).toBe(false);
    expect(await emailLinkProblem(env, 'x'.repeat(43))).toBe('E404110');
    expect(await emailLinkProblem(env, '../../etc')).toBe('E404110');
    expect(await codeOf(mail.token)).toBe('ok');
    expect(await emailLinkProblem(env, mail.token)).toBe('E409119');
    const other = await added();
    await env.DB.prepare('UPDATE link_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(other.mail.token))
      .run();
    expect(await emailLinkProblem(env, other.mail.token)).toBe('E410104');
  });

  it('verifying by code spends the link: it then says "already used"', async () => {
    const { me, extra, mail } = await added();
    expect((await call(me.cookie, 'Verify', { email: extra, code: mail.code })).http).toBe(200);
    expect(await codeOf(mail.token)).toBe('E409119');
  });

  it('unknown, malformed and expired links have their own answers; nothing is verified', async () => {
    const { me, extra, mail } = await added();
    expect(await codeOf('x'.repeat(43))).toBe('E404110');
    expect(await codeOf('../../etc')).toBe('E404110');
    await env.DB.prepare('UPDATE link_tokens SET expires_at = ? WHERE token_hash = ?')
      .bind(Date.now() - 1, await sha256Hex(mail.token))
      .run();
    expect(await codeOf(mail.token)).toBe('E410104');
    expect(await verified(me.cookie, extra)).toBe(false);
  });

  it('an address removed from the account: the link confers nothing', async () => {
    const { me, extra, mail } = await added();
    expect((await call(me.cookie, 'Delete', { email: extra, password: PASSWORD })).http).toBe(200);
    expect(await codeOf(mail.token)).toBe('E404110');
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM account_emails WHERE email_normalized = ?')
      .bind(extra)
      .first<number>('n');
    expect(rows).toBe(0);
  });

  it('verified by another account meanwhile (ACC-02): "held by another account", and the link stays unused', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const shared = `${unique('shared')}@example.test`;
    await call(a.cookie, 'Add', { email: shared, password: PASSWORD });
    await call(b.cookie, 'Add', { email: shared, password: PASSWORD });
    const mailA = await codeMail(shared, 1);
    const mailB = await codeMail(shared, 2);
    expect(await codeOf(mailB.token)).toBe('ok');
    // B's verification removed A's pending claim (ACC-01): A's link now meets an address B holds.
    expect(await codeOf(mailA.token)).toBe('E409108');
    expect(await verified(a.cookie, shared)).toBeUndefined();
    expect(await verified(b.cookie, shared)).toBe(true);
  });

  it('badges already issued to the address are attached, as verification by code does', async () => {
    const { me, extra, mail } = await added();
    const { apiKey } = await newIssuer('Link College');
    const bc = await newBadgeClass(apiKey, { name: 'Link Badge' });
    const [id] = (await awardTo(apiKey, bc, [extra])).ids;
    expect(await codeOf(mail.token)).toBe('ok');
    const owner = await env.DB.prepare('SELECT account_id FROM assertions WHERE id = ?')
      .bind(id)
      .first<string>('account_id');
    expect(owner).toBe(me.id);
  });

  it('50 parallel clicks: one verification, the others "already used"', async () => {
    const { me, extra, mail } = await added();
    const answers = await Promise.all(Array.from({ length: 50 }, () => codeOf(mail.token)));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a === 'E409119')).toHaveLength(49);
    expect(await verified(me.cookie, extra)).toBe(true);
    const used = await env.DB.prepare('SELECT used_at FROM link_tokens WHERE token_hash = ?')
      .bind(await sha256Hex(mail.token))
      .first<number>('used_at');
    expect(used).toBeGreaterThan(0);
  });
});

describe('the page form (works without JavaScript)', () => {
  it('opening the link changes nothing; the button posts, 303 to the page showing "done"; again: 409 "used"', async () => {
    const { me, extra, mail } = await added();
    const url = `${W}/email/verification/${mail.token}`;
    const open = await send(url);
    expect(open.status).toBe(200);
    expect(await verified(me.cookie, extra)).toBe(false);
    const key = /csrf=([^;]+)/.exec(open.headers.getSetCookie().join('\n'))?.[1] ?? '';
    const { token } = await open.json<{ token: string }>();
    const post = () =>
      send(url, {
        method: 'POST',
        headers: {
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: `csrf=${key}`,
        },
        body: new URLSearchParams({ csrf: token }).toString(),
      });
    const first = await post();
    expect(first.status).toBe(303);
    expect(first.headers.get('Location')).toBe(`/ns/portal/openbadge/email/verification/${mail.token}`);
    expect(first.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(await verified(me.cookie, extra)).toBe(true);
    const second = await post();
    expect(second.status).toBe(409);
    const state = (await second.json<{ form: FormState }>()).form;
    expect(state).toMatchObject({ form: 'emailverify', code: 'E409119' });
  });

  it('a post without the form token is refused (E403103) and verifies nothing', async () => {
    const { me, extra, mail } = await added();
    const res = await send(`${W}/email/verification/${mail.token}`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(403);
    expect(await verified(me.cookie, extra)).toBe(false);
  });
});
