import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages';
import { allTranslators } from '../support/translators';
import { assetCatalogue } from '../../src/server/http/assets';
import { maintenanceWindow, parseMaintenance } from '../../src/lib/maintenance';
import { createServer } from '../../src/server/app';
import type { AppEnv } from '../../src/server/context';
import { maintenanceNotice } from '../../src/server/maintenance/notice';
import { configProblems } from '../../src/server/system/config-check';
import { BASE, createAccount, createSession, SAME_ORIGIN, unique } from './helpers';

const translatorFor = await allTranslators((l) => assetCatalogue(env, l));

/*
 * Spec §2 and §9: the operator's maintenance window (MAINTENANCE_WINDOW). The Worker runs with the
 * var set per request (the env object is the Worker's own, plus the var), so nothing else sees it.
 * Astro's pages do not exist here: a stand-in page answers what a public page would.
 */
const page: MiddlewareHandler<AppEnv> = async (c) => c.text('a page', 200);
const app = createServer({ assets: (_c, next) => next(), pages: page });
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
const W = `${BASE}/ns/portal/openbadge`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An instant written in +09:00, as an operator in Japan would write it. */
function jst(ms: number): string {
  return `${new Date(ms + 9 * HOUR).toISOString().slice(0, 19)}+09:00`;
}
const dayOf = (ms: number) => new Date(ms + 9 * HOUR).toISOString().slice(0, 10);

function windowVar(start: number, end: number, spare: number, inUse?: boolean): string {
  return JSON.stringify({
    start: jst(start),
    end: jst(end),
    spare_day: dayOf(spare),
    ...(inUse ? { spare_in_use: true } : {}),
  });
}

const send = (setting: string, url: string, init: RequestInit = {}) =>
  app.fetch(
    new Request(url, { redirect: 'manual', ...init }),
    { ...env, MAINTENANCE_WINDOW: setting },
    ctx as unknown as ExecutionContext,
  );

const now = Date.now();
const DURING = windowVar(now - HOUR, now + 2 * HOUR, now + 2 * DAY);
const login = (setting: string, lang = 'en') =>
  send(setting, `${BASE}/api/v1.0/account/Wallet/Login?language=${lang}`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ email: 'nobody@example.test', password: 'Sakura#2024' }),
  });

describe('writes during the maintenance window', () => {
  it('answer 503 with Retry-After (seconds until the end) and E503102, translated', async () => {
    for (const lang of ['en', 'ja']) {
      const res = await login(DURING, lang);
      expect(res.status).toBe(503);
      const retry = Number(res.headers.get('Retry-After'));
      expect(retry).toBeGreaterThan(2 * 3600 - 120);
      expect(retry).toBeLessThanOrEqual(2 * 3600);
      const body = await res.json<{ errors: { code: string; message: string }[] }>();
      expect(body.errors[0]?.code).toBe('E503102');
      expect(body.errors[0]?.message).toBe(translatorFor(lang as 'en')('errors.E503102'));
    }
    expect(translatorFor('ja')('errors.E503102')).toContain('メンテナンス');
  });

  it('refuse PUT, PATCH and DELETE too, signed in or not, before any route runs', async () => {
    const acct = await createAccount();
    const cookie = `session=${await createSession(acct.id)}`;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await send(DURING, `${BASE}/api/v1.0/openbadge/v2/Wallet/Notification/Delete`, {
        method,
        headers: { ...SAME_ORIGIN, Cookie: cookie },
        body: '{}',
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    }
  });

  it('50 parallel registrations: all 503, none stored', async () => {
    const emails = Array.from({ length: 50 }, () => `${unique('maint')}@example.test`);
    const answers = await Promise.all(
      emails.map((email) =>
        send(DURING, `${BASE}/api/v1.0/account/Wallet/CreateAccount`, {
          method: 'POST',
          headers: SAME_ORIGIN,
          body: JSON.stringify({
            email,
            password: 'Sakura#2024',
            confirm_password: 'Sakura#2024',
            first_name: 'A',
            last_name: 'B',
          }),
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(emails.map(() => 503));
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM registrations WHERE email LIKE 'maint-%'",
    ).first<number>('n');
    expect(stored).toBe(0);
  });

  it('a page form post gets the translated maintenance page, in every language', async () => {
    for (const lang of LANGUAGES) {
      const res = await send(DURING, `${W}/login?language=${lang}`, {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40example.test',
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(res.headers.get('Content-Security-Policy')).toMatch(/style-src 'self' 'sha256-/);
      const html = await res.text();
      const t = translatorFor(lang);
      expect(html).toContain(`<h1>${t('maintenance.page_title')}</h1>`);
      expect(html).toContain('UTC+09:00');
      expect(html).toContain(`/fonts/web/common.css`);
      if (lang !== 'en') expect(t('maintenance.page_title')).not.toBe(translatorFor('en')('maintenance.page_title'));
    }
  });

  it('reads keep serving: public pages, GET calls, health, version, and public verification posts', async () => {
    expect((await send(DURING, `${W}/public/assertions/detail/x`)).status).toBe(200);
    expect((await send(DURING, `${W}/version.json`)).status).toBe(200);
    expect((await send(DURING, `${BASE}/api/health`)).status).toBe(200);
    const verify = await send(DURING, `${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ input_type: 'assertion_id', assertion_id: 'nope', verification_mail: [] }),
    });
    expect(verify.status).toBe(200);
    // The verify page's own form (without JavaScript) posts to the page: it reaches the page.
    const page = await send(DURING, `${W}/verification`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'assertion_id=x',
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('a page');
  });
});

describe('outside the window', () => {
  it('writes go through before the start, after the end, and on an unused spare day', async () => {
    const before = windowVar(now + HOUR, now + 3 * HOUR, now + DAY);
    const after = windowVar(now - 3 * HOUR, now - HOUR, now + DAY);
    const spareToday = windowVar(now - 3 * DAY, now - 2 * DAY, now);
    for (const setting of [before, after, spareToday, '']) expect((await login(setting)).status).toBe(401);
  });

  it('a spare day put in use closes writes until it ends', async () => {
    const res = await login(windowVar(now - 3 * DAY, now - 2 * DAY, now, true));
    expect(res.status).toBe(503);
    const spareEnd = Date.parse(`${dayOf(now)}T00:00:00+09:00`) + DAY;
    const retry = Number(res.headers.get('Retry-After'));
    expect(Math.abs(retry - (spareEnd - Date.now()) / 1000)).toBeLessThan(30);
  });
});

describe('the notice (spec §2: a month ahead, until the spare day ends)', () => {
  const start = Date.parse('2027-03-12T00:00:00+09:00');
  const w = maintenanceWindow(
    JSON.stringify({ start: '2027-03-12T00:00:00+09:00', end: '2027-03-14T00:00:00+09:00', spare_day: '2027-03-14' }),
  );

  it('shows in all nine languages a month ahead, with the window in the operator zone', () => {
    const texts = LANGUAGES.map((lang) => maintenanceNotice(w, start - 30 * DAY, lang, translatorFor(lang)));
    for (const text of texts) {
      expect(text).not.toBeNull();
      expect(text).toContain('UTC+09:00');
      expect(text).toMatch(/2027|2570|২০২৭/); // Thai: Buddhist era; Bengali: its own digits
    }
    expect(new Set(texts).size).toBe(9);
    expect(texts[0]).toContain('March 12, 2027');
    expect(texts[1]).toContain('2027年3月12日');
  });

  it('does not show before that, and is gone after the spare day', () => {
    for (const lang of LANGUAGES) {
      expect(maintenanceNotice(w, start - 32 * DAY, lang, translatorFor(lang))).toBeNull();
      expect(maintenanceNotice(w, Date.parse('2027-03-15T00:00:00+09:00'), lang, translatorFor(lang))).toBeNull();
      expect(maintenanceNotice(w, Date.parse('2027-03-14T23:59:00+09:00'), lang, translatorFor(lang))).not.toBeNull();
    }
  });

  it('without the var, the spec window (2022) applies and is long past', () => {
    const spec = maintenanceWindow(undefined);
    expect(spec.start).toBe(Date.parse('2022-03-12T00:00:00+09:00'));
    expect(maintenanceNotice(spec, Date.now(), 'en', translatorFor('en'))).toBeNull();
  });
});

describe('the configuration check', () => {
  const base = {
    PUBLIC_BASE_URL: 'http://127.0.0.1:8787',
    ENVIRONMENT: 'development',
    MAIL_TRANSPORT: 'devbox',
    MAIL_FROM: 'x',
  };
  it.each([
    ['not json', /not JSON/],
    [
      '{"start":"2027-03-12T00:00:00","end":"2027-03-14T00:00:00+09:00","spare_day":"2027-03-14"}',
      /start must be an ISO 8601 time with its zone/,
    ],
    ['{"start":"2027-03-12T00:00:00Z","end":"2027-03-11T00:00:00Z","spare_day":"2027-03-14"}', /end must be after/],
    [
      '{"start":"2027-03-12T00:00:00Z","end":"2027-03-14T00:00:00Z","spare_day":"14 March"}',
      /spare_day must be a date/,
    ],
    [
      '{"start":"2027-03-12T00:00:00Z","end":"2027-03-14T00:00:00Z","spare_day":"2027-03-10"}',
      /spare_day must not end before/,
    ],
    [
      '{"start":"2027-03-12T00:00:00Z","end":"2027-03-14T00:00:00Z","spare_day":"2027-03-14","spare_in_use":"yes"}',
      /spare_in_use/,
    ],
  ])('refuses %s', (value, problem) => {
    expect(configProblems({ ...base, MAINTENANCE_WINDOW: value })).toEqual([expect.stringMatching(problem)]);
  });
  it('accepts a window with an explicit zone, and no window', () => {
    expect(configProblems({ ...base, MAINTENANCE_WINDOW: DURING })).toEqual([]);
    expect(configProblems(base)).toEqual([]);
    expect(
      'problem' in
        parseMaintenance('{"start":"2027-03-12T00:00:00-05:00","end":"2027-03-14T00:00Z","spare_day":"2027-03-14"}'),
    ).toBe(false);
  });
});
