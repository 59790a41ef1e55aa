import { env } from 'cloudflare:workers';
import type { MiddlewareHandler } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import th from '../../src/i18n/locales/th.json';
import { createServer } from '../../src/server/app';
import type { AppEnv } from '../../src/server/context';
import type { FormState } from '../../src/server/form-state';
import { seedIssuer, seedOwner } from './acad-helpers';
import { seedHostBadges } from './export-helpers';
import { REMINDER_HIDDEN_MS, walletPrefs } from '../../src/server/wallet/prefs-service';
import { BASE, createSession, SAME_ORIGIN } from './helpers';
import { awardTo, issuerCall, newBadgeClass } from './issuing-helpers';

/*
 * Issue 35, item 1: a badge page's download buttons are forms that post to the page, so the first
 * click saves the file before the island hydrates (and without JavaScript). The answer is the same
 * file the API's Download call gives; a failure renders the page with the translated reason. Astro's
 * pages do not exist in workerd tests: a stand-in page answers with the form state and the token.
 */
const page: MiddlewareHandler<AppEnv> = async (c) => c.json({ form: c.var.form, token: await c.var.formToken() }, 200);
const app = createServer({ assets: (_c, next) => next(), pages: page });
const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
const W = `${BASE}/ns/portal/openbadge`;
const API = `${BASE}/api/v1.0/openbadge/v2`;

const send = async (url: string, init: RequestInit = {}): Promise<Response> =>
  app.fetch(new Request(url, { redirect: 'manual', ...init }), env, ctx as unknown as ExecutionContext);

/** The owner on their badge page: the key cookie and the page's token. */
async function onPage(session: string, route: string) {
  const res = await send(`${W}${route}`, { headers: { Cookie: `accessToken=${session}` } });
  const key = /csrf=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const { token } = await res.json<{ token: string }>();
  return { cookie: `accessToken=${session}; csrf=${key}`, token };
}

const post = (route: string, cookie: string, fields: Record<string, string>, lang = 'en') =>
  send(`${W}${route}`, {
    method: 'POST',
    headers: {
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: `${cookie}; language=${lang}`,
    },
    body: new URLSearchParams(fields).toString(),
  });

const viaApi = (name: string, session: string, id: string) =>
  send(`${API}/Wallet/Download/${name}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${session}` },
    body: JSON.stringify({ assertion_id: id }),
  });

const stateOf = async (res: Response) => (await res.json<{ form: FormState }>()).form;

describe('a badge page’s download forms', () => {
  let session: string;
  let apiKey: string;
  let badgeId: string;
  beforeAll(async () => {
    const owner = await seedOwner();
    session = await createSession(owner.id);
    ({ apiKey } = await seedIssuer('Sakura Institute'));
    const bc = await newBadgeClass(apiKey, { name: 'Thai Typography 101' });
    [badgeId] = (await awardTo(apiKey, bc, [owner.email])).ids as [string];
    await env.DB.prepare('UPDATE assertions SET account_id = ?, accept_status = 2 WHERE id = ?')
      .bind(owner.id, badgeId)
      .run();
  });

  it('answer each file the API gives, byte for byte, with the same name and headers', async () => {
    const route = `/assertions/detail/${badgeId}`;
    const { cookie, token } = await onPage(session, route);
    for (const action of ['image', 'json', 'ob3image'] as const) {
      const form = await post(route, cookie, { csrf: token, action });
      const api = await viaApi(action, session, badgeId);
      expect([action, form.status]).toEqual([action, 200]);
      for (const h of ['Content-Type', 'Content-Disposition', 'Cache-Control', 'Content-Security-Policy'])
        expect([action, h, form.headers.get(h)]).toEqual([action, h, api.headers.get(h)]);
      expect(new Uint8Array(await form.arrayBuffer())).toEqual(new Uint8Array(await api.arrayBuffer()));
    }
    // The signed credential and the PDF are made afresh on each call: same kind of file, same name.
    const ob3 = await post(route, cookie, { csrf: token, action: 'ob3json' });
    expect(ob3.headers.get('Content-Type')).toBe('application/vc+ld+json');
    expect((await ob3.json<{ type: string[] }>()).type).toContain('OpenBadgeCredential');
    const pdf = await post(route, cookie, { csrf: token, action: 'pdf' });
    expect([pdf.status, pdf.headers.get('Content-Type')]).toEqual([200, 'application/pdf']);
    expect(pdf.headers.get('Content-Disposition')).toMatch(
      /filename\*=UTF-8''certificate_Thai_Typography_101_\d{8}\.pdf/,
    );
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('without the page’s token the post is refused and no file is given (E403103)', async () => {
    const route = `/assertions/detail/${badgeId}`;
    const { cookie } = await onPage(session, route);
    const res = await post(route, cookie, { csrf: 'forged', action: 'json' });
    expect(res.status).toBe(403);
    expect(res.headers.get('Content-Disposition')).toBeNull();
    expect((await stateOf(res)).code).toBe('E403103');
  });

  it('an unknown download, someone else’s badge, a revoked one: the page, with the reason in the reader’s language', async () => {
    const route = `/assertions/detail/${badgeId}`;
    const { cookie, token } = await onPage(session, route);
    const unknown = await post(route, cookie, { csrf: token, action: 'everything' });
    expect([unknown.status, (await stateOf(unknown)).code]).toEqual([400, 'E400100']);

    const stranger = await onPage(await createSession((await seedOwner()).id), route);
    const theirs = await post(route, stranger.cookie, { csrf: stranger.token, action: 'json' });
    expect([theirs.status, (await stateOf(theirs)).code]).toEqual([404, 'E404101']);

    expect((await issuerCall(`/assertions/${badgeId}/revoke`, apiKey, { reason: 'Error' })).json.status).toBe(200);
    const revoked = await post(route, cookie, { csrf: token, action: 'json' }, 'th');
    const state = await stateOf(revoked);
    expect([revoked.status, state.form, state.code, state.errors['_form']]).toEqual([
      410,
      'download',
      'E410180',
      [th.errors.E410180],
    ]);
    expect(th.errors.E410180).not.toBe(en.errors.E410180);
  });

  it('a signed-out visitor is sent to sign in and back to the page', async () => {
    const route = `/assertions/detail/${badgeId}`;
    const { cookie, token } = await onPage(session, route);
    const res = await post(route, cookie.replace(/accessToken=[^;]+; /, ''), { csrf: token, action: 'json' });
    // The wallet's guard answers first (302), before any form is read.
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(
      `/ns/portal/openbadge/login?redirect=${encodeURIComponent(`/ns/portal/openbadge${route}`)}`,
    );
  });

  it('an imported badge’s page gives its credential as received', async () => {
    const owner = await seedOwner();
    const own = await createSession(owner.id);
    const [hostId] = (await seedHostBadges(owner.id, owner.email, 1, 'ob3')) as [string];
    const route = `/assertions/host/detail/${hostId}`;
    const { cookie, token } = await onPage(own, route);
    const res = await post(route, cookie, { csrf: token, action: 'json' });
    expect([res.status, res.headers.get('Content-Type')]).toEqual([200, 'application/ld+json']);
    expect(await res.json()).toEqual({ id: `urn:uuid:${hostId}`, type: ['VerifiableCredential'] });
  });

  it('50 clicks at once each get the whole file', async () => {
    const owner = await seedOwner();
    const own = await createSession(owner.id);
    const [hostId] = (await seedHostBadges(owner.id, owner.email, 1, 'ob3')) as [string];
    const route = `/assertions/host/detail/${hostId}`;
    const { cookie, token } = await onPage(own, route);
    const all = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const r = await post(route, cookie, { csrf: token, action: 'json' });
        return [r.status, await r.text()] as const;
      }),
    );
    expect(new Set(all.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(all[0]?.[0]).toBe(200);
  });
});

describe('the wallet list’s reminder form', () => {
  it('hides the badges-waiting reminder for a day and goes back to the list; 50 clicks at once keep one state', async () => {
    const owner = await seedOwner();
    const own = await createSession(owner.id);
    const { cookie, token } = await onPage(own, '/assertions');
    const before = Date.now();
    const all = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const r = await post('/assertions', cookie, { csrf: token });
        return [r.status, r.headers.get('Location')] as const;
      }),
    );
    expect(new Set(all.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify([303, '/ns/portal/openbadge/assertions'])]),
    );
    const prefs = await walletPrefs(env.DB, owner.id);
    expect(prefs.reminderHiddenUntil).toBeGreaterThanOrEqual(before + REMINDER_HIDDEN_MS);
    expect(prefs.reminderHiddenUntil).toBeLessThanOrEqual(Date.now() + REMINDER_HIDDEN_MS);
    const forged = await post('/assertions', cookie.replace(/csrf=[^;]+/, 'csrf=other'), { csrf: token });
    expect(forged.status).toBe(403);
  });
});
