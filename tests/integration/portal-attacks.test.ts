import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RogueRecipe } from '../support/rogue-provider';
import { portalAuthorize } from '../support/portal-login';
import { safeReturnUrl } from '../../src/server/portal/return-url';
import { unique } from './helpers';
import { Browser, count, errorCode, portal, portalUser, UI } from './portal-helpers';

// SSO-01..06, SSO-20 and RED-01..05 against the real local portal and the rogue provider, whose
// token endpoint answers whatever ID token a test orders. Each refusal: the error page with its
// code, no wallet session cookie, no identity (so no account) for the subject.
const rogue = inject('rogue');
const e = env as unknown as Record<string, string>;

beforeAll(() => {
  const providers = JSON.parse(e['PORTAL_PROVIDERS'] ?? '[]') as { id: string }[];
  const secrets = JSON.parse(e['PORTAL_CLIENT_SECRETS'] ?? '{}') as Record<string, string>;
  // Only RS256 for the rogue: ES256 is then an unlisted algorithm.
  const extra = [
    { ...rogue.provider, algorithms: ['RS256'] },
    { id: 'down', name: 'Down', issuer: 'http://127.0.0.1:9', client_id: 'x' },
    { id: 'nometa', name: 'No metadata', issuer: `${portal.issuer}/no-such-issuer`, client_id: 'x' },
  ];
  e['PORTAL_PROVIDERS'] = JSON.stringify([...providers.filter((p) => !extra.some((x) => x.id === p.id)), ...extra]);
  e['PORTAL_CLIENT_SECRETS'] = JSON.stringify({ ...secrets, rogue: rogue.clientSecret, down: 's', nometa: 's' });
});

async function order(recipe: RogueRecipe) {
  const res = await fetch(`${rogue.issuer}/next-token`, { method: 'POST', body: JSON.stringify(recipe) });
  expect(res.status).toBe(204);
}

/** Starts a rogue sign-in in `b`; answers the rogue's authorize URL and its state. */
async function startRogue(b: Browser, returnTo?: string) {
  const q = `provider=rogue${returnTo === undefined ? '' : `&returnTo=${encodeURIComponent(returnTo)}`}`;
  const start = await b.startLogin(q);
  const authorize = start.headers.get('location') ?? '';
  expect(authorize.startsWith(rogue.issuer)).toBe(true);
  return { authorize, state: new URL(authorize).searchParams.get('state') ?? '' };
}

/** The rogue's redirect back to our callback for that authorize URL. */
async function rogueCallback(authorize: string): Promise<string> {
  const res = await fetch(authorize, { redirect: 'manual' });
  return res.headers.get('location') ?? '';
}

/** A whole rogue sign-in with the ordered ID token; answers the callback response. */
async function rogueSignIn(recipe: Omit<RogueRecipe, 'state'>, b = new Browser()) {
  const { authorize, state } = await startRogue(b);
  await order({ ...recipe, state });
  return { res: await b.callback(await rogueCallback(authorize)), b };
}

async function expectRefused(res: Response, b: Browser, sub: string, code = 'E401120') {
  expect(res.status).toBe(303);
  expect(errorCode(res)).toBe(code);
  expect(b.cookie('accessToken')).toBeUndefined();
  expect(b.cookie('lanyard_portal_session')).toBeUndefined();
  expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', sub)).toBe(0);
}

describe('portal sign-in refusals (SSO-01..06, SSO-20)', () => {
  it('the rogue provider signs in when its token is right (so the refusals below are the checks, not the setup)', async () => {
    const sub = unique('rogue-ok');
    const { res, b } = await rogueSignIn({ sub, email: `${sub}@example.test` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${UI}/assertions`);
    expect(b.cookie('userType')).toBe('1');
    expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', sub)).toBe(1);
  });

  const tokenCases: [string, (sub: string) => Omit<RogueRecipe, 'state'>][] = [
    ['an ID token from another issuer', (sub) => ({ sub, iss: 'https://evil.example' })],
    ['an ID token for another audience', (sub) => ({ sub, aud: 'someone-else' })],
    ['an aud array with an extra audience and no azp', (sub) => ({ sub, aud: ['lanyard-rogue', 'someone-else'] })],
    ['an aud array with a foreign azp', (sub) => ({ sub, aud: ['lanyard-rogue', 'x'], azp: 'x' })],
    ['an expired ID token', (sub) => ({ sub, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['an ID token issued in the future', (sub) => ({ sub, iat: Math.floor(Date.now() / 1000) + 3600 })],
    ['alg none', (sub) => ({ sub, alg: 'none' })],
    ['HS256 (keyed with the client secret)', (sub) => ({ sub, alg: 'HS256' })],
    ['an algorithm not on the allow-list (ES256)', (sub) => ({ sub, alg: 'ES256' })],
    ['a signature by a foreign key under the known kid', (sub) => ({ sub, signWithForeignKey: true })],
    ['a nonce of another sign-in (nonce replay)', (sub) => ({ sub, nonce: 'the-nonce-of-an-earlier-flow' })],
    ['no nonce', (sub) => ({ sub, nonce: 'missing' })],
    ['a callback without iss (RFC 9207)', (sub) => ({ sub, callbackIss: null })],
    ['a callback with another iss (mix-up)', (sub) => ({ sub, callbackIss: portal.issuer })],
  ];
  for (const [name, recipe] of tokenCases) {
    it(`refuses ${name}`, async () => {
      const sub = unique('rogue-bad');
      const { res, b } = await rogueSignIn(recipe(sub));
      await expectRefused(res, b, sub);
    });
  }

  for (const garbage of ['html', 'bad-json', '500'] as const) {
    it(`a token endpoint answering ${garbage} is "portal unreachable" (E502120), never a 500`, async () => {
      const sub = unique('rogue-garbage');
      const { res, b } = await rogueSignIn({ sub, garbage });
      await expectRefused(res, b, sub, 'E502120');
    });
  }

  it('a provider that is down, or has no discovery document, is E502120 at the login route', async () => {
    for (const id of ['down', 'nometa']) {
      const b = new Browser();
      const res = await b.startLogin(`provider=${id}`);
      expect(res.status).toBe(303);
      expect(errorCode(res)).toBe('E502120');
    }
  });

  it('discovery answering HTML, broken JSON or another issuer’s metadata is E502120 (the document store serves them)', async () => {
    const store = `http://127.0.0.1:${inject('issuerPort')}/store/${unique('meta')}`;
    const docs = {
      html: ['<!doctype html><h1>Portal maintenance</h1>', 'text/html'],
      badjson: ['{"issuer": ', 'application/json'],
      foreign: [
        JSON.stringify({ issuer: 'https://evil.example', authorization_endpoint: 'https://evil.example/a' }),
        'application/json',
      ],
    } as const;
    const saved = [e['PORTAL_PROVIDERS'], e['PORTAL_CLIENT_SECRETS']] as const;
    try {
      const extra = Object.keys(docs).map((id) => ({ id, name: id, issuer: `${store}/${id}`, client_id: 'x' }));
      e['PORTAL_PROVIDERS'] = JSON.stringify([...(JSON.parse(saved[0] ?? '[]') as object[]), ...extra]);
      e['PORTAL_CLIENT_SECRETS'] = JSON.stringify({
        ...(JSON.parse(saved[1] ?? '{}') as object),
        ...Object.fromEntries(extra.map((x) => [x.id, 's'])),
      });
      for (const [id, [body, type]] of Object.entries(docs)) {
        const put = await fetch(`${store}/${id}/.well-known/openid-configuration`, {
          method: 'PUT',
          headers: { 'content-type': type },
          body,
        });
        expect(put.status).toBe(204);
        const res = await new Browser().startLogin(`provider=${id}`);
        expect(errorCode(res), id).toBe('E502120');
      }
    } finally {
      e['PORTAL_PROVIDERS'] = saved[0] ?? '';
      e['PORTAL_CLIENT_SECRETS'] = saved[1] ?? '';
    }
  });

  it('state: missing, altered, replayed, or arriving in another browser (SSO-01, SSO-06)', async () => {
    const sub = unique('rogue-state');
    const b = new Browser();
    const { authorize, state } = await startRogue(b);
    await order({ sub, state });
    const back = new URL(await rogueCallback(authorize));

    const other = new Browser();
    await other.startLogin('provider=rogue'); // it has a binding cookie of its own
    await expectRefused(await other.callback(back.href), other, sub);

    const noState = new URL(back);
    noState.searchParams.delete('state');
    await expectRefused(await b.callback(noState.href), b, sub);
    const altered = new URL(back);
    altered.searchParams.set('state', `${state}x`);
    await expectRefused(await b.callback(altered.href), b, sub);

    // The flow survived the refusals above (they matched nothing), so the real callback works once...
    const ok = await b.callback(back.href);
    expect(errorCode(ok)).toBeNull();
    expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', sub)).toBe(1);
    // ...and never again (SSO-01: single use), even in the same browser.
    const replay = new Browser();
    replay.jar.cookies.set('lanyard_portal', b.cookie('lanyard_portal') ?? 'none');
    const again = await replay.callback(back.href);
    expect(errorCode(again)).toBe('E401120');
    expect(replay.cookie('accessToken')).toBeUndefined();
  });

  it('the real portal refuses a code used twice: a fresh state with an old code gets no session (SSO-04)', async () => {
    const user = await portalUser();
    const b = new Browser();
    const start = await b.startLogin();
    const first = new URL(await portalAuthorize(start.headers.get('location') ?? '', user, b.portalJar));
    expect(errorCode(await b.callback(first.href))).toBeNull();

    const b2 = new Browser();
    const start2 = await b2.startLogin();
    const state2 = new URL(start2.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const reused = new URL(first);
    reused.searchParams.set('state', state2);
    const res = await b2.callback(reused.href);
    expect(errorCode(res)).toBe('E401120');
    expect(b2.cookie('accessToken')).toBeUndefined();
  });

  it('mix-up: the real portal’s answer presented to a flow started with the rogue provider is refused', async () => {
    const user = await portalUser();
    const b = new Browser();
    const real = await b.startLogin();
    const realBack = new URL(await portalAuthorize(real.headers.get('location') ?? '', user, b.portalJar));
    const { state } = await startRogue(b);
    realBack.searchParams.set('state', state);
    const res = await b.callback(realBack.href);
    expect(errorCode(res)).toBe('E401120');
    expect(b.cookie('accessToken')).toBeUndefined();
    expect(await count('SELECT COUNT(*) AS n FROM portal_identities WHERE subject = ?', user.sub)).toBe(0);
  });
});

describe('return URLs stay on this site (RED-01..05)', () => {
  const origin = e['PUBLIC_BASE_URL'] ?? '';
  const fallback = `${UI}/assertions`;
  const hostile = [
    '//evil.com',
    '/\\evil.com',
    '\\/evil.com',
    '\\\\evil.com',
    '///evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'http:evil.com',
    'https://evil.com',
    `${origin}.evil.com`,
    `${origin.replace('://', '://user@')}@evil.com`,
    'https://wallet.example@evil.com',
    '//wallet.example@evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https:evil.com',
  ];
  it('each hostile returnTo falls back to the badge list, absolute on our origin', () => {
    for (const raw of hostile) {
      const out = safeReturnUrl({ PUBLIC_BASE_URL: origin }, raw);
      expect(new URL(out).origin, raw).toBe(origin);
      expect(out.startsWith(`${origin}/ns/portal/openbadge/`), raw).toBe(true);
    }
    expect(safeReturnUrl({ PUBLIC_BASE_URL: origin }, '/.//evil.com')).toBe(fallback);
    expect(safeReturnUrl({ PUBLIC_BASE_URL: origin }, `${origin}//evil.com/`)).toBe(fallback);
    expect(safeReturnUrl({ PUBLIC_BASE_URL: origin }, '/ns/portal/openbadge/setting?tab=1')).toBe(
      `${UI}/setting?tab=1`,
    );
  });

  it('end to end: a sign-in started with returnTo=//evil.com lands on the badge list', async () => {
    const sub = unique('rogue-red');
    const b = new Browser();
    const { authorize, state } = await startRogue(b, '//evil.com');
    await order({ sub, state });
    const res = await b.callback(await rogueCallback(authorize));
    expect(res.headers.get('location')).toBe(fallback);
  });
});
