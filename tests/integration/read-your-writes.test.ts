import { createMessageBatch, createScheduledController } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { describe, expect, it } from 'vitest';
import { signOb3Credential } from '../../src/server/ob3/proof/sign';
import { createServer } from '../../src/server/app';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, START_HEADER } from '../../src/server/middleware/d1-session';
import { codeAt, stepAt } from '../../src/server/mfa/totp';
import { queue } from '../../src/server/jobs/queue';
import { CRON_SWEEP, scheduled } from '../../src/server/jobs/scheduled';
import type { JobMessage } from '../../src/server/outbox/jobs';
import { BASE } from './helpers';
import { Client, person, readYourWrite, signedInPerson } from './bookmark-client';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { SCOPE, randomIp, tokensFor } from './ob3api-helpers';
import { PASSWORD } from './settings-helpers';

/**
 * Issue 23, read replicas: after every kind of write, the writer's next request (page or API)
 * starts its D1 session at the bookmark the write handed back, and reads the write. Locally there
 * is no lagging replica, so the mechanism is what is asserted (the bookmark handed back, the next
 * session's start in the development-only header), together with the read itself.
 */
const W = '/api/v1.0/openbadge/v2/Wallet';
const A = '/api/v1.0/account/Wallet';
const I = '/api/issuer/v1';
const HOSTED = '/api/v1.0/openBadge/v2';

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

/** A signed-in person holding one award from a new issuer (linked as activation would). */
async function holder() {
  const p = await signedInPerson();
  const { apiKey } = await newIssuer('Replica College');
  const bc = await newBadgeClass(apiKey, { name: 'Replica Badge' });
  const [id] = (await awardTo(apiKey, bc, [p.email])).ids;
  await env.DB.prepare('UPDATE assertions SET account_id = ? WHERE id = ?').bind(p.id, id).run();
  if (!id) throw new Error('award failed');
  return { ...p, apiKey, bc, id };
}
/** The same, with the award received. */
async function receivedHolder() {
  const h = await holder();
  expect((await h.browser.send('POST', `${W}/SetReceiveBadgeFromWallet`, { assertion_id: h.id })).status).toBe(200);
  return h;
}
const issuerClient = (apiKey: string) => new Client('api', { Authorization: `Bearer ${apiKey}` });

/** An OB 3.0 credential for `email`, signed by a fresh did:key (as ob3api-credentials.test.ts). */
async function ob3For(email: string) {
  const fresh = await Ed25519Multikey.generate();
  const did = `did:key:${fresh.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({
    ...(await fresh.export({ secretKey: true })),
    id: `${did}#${fresh.publicKeyMultibase}`,
    controller: did,
  });
  return signOb3Credential(
    {
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      id: `urn:uuid:${crypto.randomUUID()}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: did, type: ['Profile'], name: 'Replica issuer' },
      validFrom: '2026-01-01T00:00:00Z',
      name: 'Replica pastry',
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [{ type: 'IdentityObject', identityHash: email, identityType: 'emailAddress', hashed: false }],
        achievement: {
          id: 'https://example.org/achievements/replica',
          type: ['Achievement'],
          name: 'Replica pastry',
          criteria: { narrative: 'Baked it.' },
          description: 'A test badge.',
        },
      },
    },
    pair.signer(),
  );
}

type Row = [kind: string, run: () => Promise<void>];

const ROWS: Row[] = [
  [
    'sign-in (a session row)',
    async () => {
      const p = await person();
      const b = p.browser;
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${A}/Login`, { email: p.email, password: PASSWORD }),
        () => b.send('POST', `${W}/GetUserInfo`, {}),
      );
      expect(r.status).toBe(200);
    },
  ],
  [
    'receive (accept an award)',
    async () => {
      const h = await holder();
      const b = h.browser;
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/SetReceiveBadgeFromWallet`, { assertion_id: h.id }),
        () => b.send('POST', `${W}/FindList`, {}),
      );
      expect(await json(r)).toMatchObject({ total_count: 1, assertions: [{ id: h.id, accept_status: 2 }] });
    },
  ],
  [
    'reject (hide a claimable award)',
    async () => {
      const h = await holder();
      const b = h.browser;
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/SetHideUnacceptedBadge`, { assertion_id: h.id }),
        () => b.send('POST', `${W}/FindList`, { needRequestAction: true }),
      );
      expect((await json(r))['total_count']).toBe(0);
    },
  ],
  [
    'publish',
    async () => {
      const h = await receivedHolder();
      const b = h.browser;
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/SetAssertionStatus`, { assertion_id: h.id, is_public: true }),
        () => b.send('POST', `${W}/FindList`, { visibility: 1 }),
      );
      expect(await json(r)).toMatchObject({ total_count: 1, assertions: [{ id: h.id, is_public: true }] });
    },
  ],
  [
    'make private',
    async () => {
      const h = await receivedHolder();
      const b = h.browser;
      await b.send('POST', `${W}/SetAssertionStatus`, { assertion_id: h.id, is_public: true });
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/SetAssertionStatus`, { assertion_id: h.id, is_public: false }),
        () => b.send('POST', `${W}/FindList`, { visibility: 1 }),
      );
      expect((await json(r))['total_count']).toBe(0);
    },
  ],
  [
    'delete a badge',
    async () => {
      const h = await receivedHolder();
      const b = h.browser;
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/DeleteAssertion`, { assertion_id: h.id }),
        () => b.send('POST', `${W}/FindList`, {}),
      );
      expect((await json(r))['total_count']).toBe(0);
    },
  ],
  [
    'profile edit',
    async () => {
      const { browser: b } = await signedInPerson();
      const profile = {
        first_name: '花子',
        last_name: '鈴木',
        first_name_en: 'Hanako',
        last_name_en: 'Suzuki',
        bio: 'Hi.',
      };
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Setting/Profile/Set`, profile),
        () => b.send('POST', `${W}/Setting/Profile/Get`, {}),
      );
      expect(await json(r)).toMatchObject(profile);
    },
  ],
  [
    'email address added',
    async () => {
      const { browser: b } = await signedInPerson();
      const address = `added-${crypto.randomUUID()}@example.test`;
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Setting/Email/Add`, { email: address, password: PASSWORD }),
        () => b.send('POST', `${W}/Setting/Email/List`, {}),
      );
      expect(JSON.stringify(await json(r))).toContain(address);
    },
  ],
  [
    'mail preferences',
    async () => {
      const { browser: b } = await signedInPerson();
      const off = { receive_badge_mail: false, receive_info_mail: false, auto_receive: true };
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Setting/Notification/Set`, off),
        () => b.send('POST', `${W}/Setting/Notification/Get`, {}),
      );
      expect(await json(r)).toMatchObject(off);
    },
  ],
  [
    'notifications marked read',
    async () => {
      const h = await holder();
      const b = h.browser;
      const list = await json(await b.send('POST', `${W}/Notification/GetNotifications`, {}));
      const ids = (list['notifications'] as { id: number }[]).map((n) => n.id);
      expect(ids.length).toBeGreaterThan(0);
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Notification/SetNotificationIsRead`, { last_id: Math.max(...ids) }),
        () => b.send('POST', `${W}/Notification/CheckUnreadNotifications`, {}),
      );
      expect(await json(r)).toMatchObject({ has_notifications: false });
    },
  ],
  [
    'sessions: sign out the others',
    async () => {
      const p = await signedInPerson();
      const other = new Client('browser');
      await other.send('POST', `${A}/Login`, { email: p.email, password: PASSWORD });
      const b = p.browser;
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Setting/Sessions/SignOutOthers`, {}),
        () => b.send('POST', `${W}/Setting/Sessions/List`, {}),
      );
      expect((await json(r))['sessions']).toHaveLength(1);
    },
  ],
  [
    'two-step sign-in switched on',
    async () => {
      const { browser: b } = await signedInPerson();
      const start = await json(await b.send('POST', `${W}/Setting/TwoStep/AppCodes/Start`, { password: PASSWORD }));
      const secret = String(start['secret']);
      const r = await readYourWrite(
        b,
        async () =>
          b.send('POST', `${W}/Setting/TwoStep/AppCodes/Confirm`, { code: await codeAt(secret, stepAt(Date.now())) }),
        () => b.send('POST', `${W}/Setting/TwoStep/Status`, {}),
      );
      expect(await json(r)).toMatchObject({ app_codes: true });
    },
  ],
  [
    'export started',
    async () => {
      const { browser: b } = await signedInPerson();
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Export/Start`, {}),
        () => b.send('POST', `${W}/Export/Status`, {}),
      );
      expect((await json(r))['export']).not.toBeNull();
    },
  ],
  [
    'merge of another account',
    async () => {
      const me = await signedInPerson();
      const other = await person();
      const b = me.browser;
      const proven = await json(
        await b.send('POST', `${W}/Setting/Merge/Prove`, { email: other.email, password: PASSWORD }),
      );
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Setting/Merge/Confirm`, { merge_id: proven['merge_id'], password: PASSWORD }),
        () => b.send('POST', `${W}/Setting/Email/List`, {}),
      );
      expect(JSON.stringify(await json(r))).toContain(other.email);
    },
  ],
  [
    'account deletion',
    async () => {
      const { browser: b } = await signedInPerson();
      const r = await readYourWrite(
        b,
        () => b.send('POST', `${W}/Setting/Account/Delete`, { reason: 4, password: PASSWORD }),
        () => b.send('POST', `${W}/GetUserInfo`, {}),
      );
      expect(r.status).toBe(401);
    },
  ],
  [
    'issuer API: award',
    async () => {
      const { apiKey } = await newIssuer('Replica Awards');
      const bc = await newBadgeClass(apiKey);
      const api = issuerClient(apiKey);
      let id = '';
      const r = await readYourWrite(
        api,
        async () => {
          const res = await api.send('POST', `${I}/awards`, { badge_class_id: bc, recipients: ['far@example.test'] });
          id = ((await json(res.clone()))['assertions'] as { assertion_id: string }[])[0]?.assertion_id ?? '';
          return res;
        },
        () => api.send('GET', `${HOSTED}/Assertion/${id}`),
      );
      expect(r.status).toBe(200);
    },
  ],
  [
    'issuer API: revoke',
    async () => {
      const { apiKey } = await newIssuer('Replica Revokes');
      const bc = await newBadgeClass(apiKey);
      const [id] = (await awardTo(apiKey, bc, ['far@example.test'])).ids;
      const api = issuerClient(apiKey);
      const r = await readYourWrite(
        api,
        () => api.send('POST', `${I}/assertions/${id}/revoke`, { reason: 'Issued in error.' }),
        () => api.send('GET', `${HOSTED}/Assertion/${id}`),
      );
      expect(await json(r)).toMatchObject({ revoked: true });
    },
  ],
  [
    'issuer API: badge class edit',
    async () => {
      const { apiKey } = await newIssuer('Replica Edits');
      const bc = await newBadgeClass(apiKey);
      const api = issuerClient(apiKey);
      const r = await readYourWrite(
        api,
        () => api.send('PATCH', `${I}/badge-classes/${bc}`, { name: 'Renamed near and far' }),
        () => api.send('GET', `${HOSTED}/BadgeClass/${bc}`),
      );
      expect(await json(r)).toMatchObject({ name: 'Renamed near and far' });
    },
  ],
  [
    'OB 3.0 API: upsertCredential (the wallet import)',
    async () => {
      const { account, tokens } = await tokensFor(`${SCOPE.upsert} ${SCOPE.read}`);
      const api = new Client('api', { Authorization: `Bearer ${tokens.access_token}`, 'CF-Connecting-IP': randomIp() });
      const doc = await ob3For(account.email);
      const r = await readYourWrite(
        api,
        () => api.send('POST', '/ims/ob/v3p0/credentials', JSON.stringify(doc), { 'Content-Type': 'application/json' }),
        () => api.send('GET', '/ims/ob/v3p0/credentials'),
      );
      expect(JSON.stringify(await json(r))).toContain(String(doc['id']));
    },
  ],
];

describe('read-your-writes after every write kind (issue 23, read replicas)', () => {
  it.each(ROWS)('%s', async (_kind, run) => {
    await run();
  });
});

describe('the bookmark a client brings', () => {
  const health = (headers: Record<string, string>, method = 'GET') =>
    exports.default.fetch(`${BASE}/api/health`, { method, headers });

  it('is ignored when malformed or oversized (never an error); reads then start anywhere, writes at the primary', async () => {
    const bad = ['zz-not-hex', '<script>', `${'0'.repeat(8)}-${'f'.repeat(300)}`, 'a'.repeat(5000), '0-0;x=1'];
    for (const value of bad) {
      const viaCookie = await health({ Cookie: `${BOOKMARK_COOKIE}=${encodeURIComponent(value)}` });
      expect(viaCookie.status).toBe(200);
      expect(viaCookie.headers.get(START_HEADER)).toBe('first-unconstrained');
      const viaHeader = await exports.default.fetch(`${BASE}${W}/FindList`, {
        method: 'POST',
        headers: {
          [BOOKMARK_HEADER]: value.slice(0, 4000),
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(viaHeader.status).toBe(401);
      expect(viaHeader.headers.get(START_HEADER)).toBe('first-primary');
    }
    // A cookie header that is not even valid percent-encoding, or two bookmark cookies.
    for (const raw of [`${BOOKMARK_COOKIE}=%E0%A4%A`, `${BOOKMARK_COOKIE}=; ${BOOKMARK_COOKIE}=%%%`]) {
      const res = await health({ Cookie: raw });
      expect([res.status, res.headers.get(START_HEADER)]).toEqual([200, 'first-unconstrained']);
    }
  });

  it('where a session started is told in development only, never in production', async () => {
    const app = createServer();
    const dev = await app.request('/api/health', {}, env);
    expect(dev.headers.get(START_HEADER)).toBe('first-unconstrained');
    const prod = await app.request('/api/health', {}, { ...env, ENVIRONMENT: 'production' });
    expect(prod.status).toBe(200);
    expect(prod.headers.get(START_HEADER)).toBeNull();
  });

  it('a well-formed one starts the session there; a read that writes nothing sets no cookie', async () => {
    const { browser: b } = await signedInPerson();
    const held = b.held();
    const res = await b.send('POST', `${W}/Setting/Profile/Get`, {});
    expect(res.status).toBe(200);
    expect(res.headers.get(START_HEADER)).toBe(held);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(false);
  });

  it('anonymous GETs of public documents get no Set-Cookie and no bookmark', async () => {
    const { apiKey } = await newIssuer('Replica Public');
    const bc = await newBadgeClass(apiKey);
    const [id] = (await awardTo(apiKey, bc, ['anyone@example.test'])).ids;
    for (const path of [`${HOSTED}/Assertion/${id}`, `${HOSTED}/BadgeClass/${bc}`, '/api/health']) {
      const res = await exports.default.fetch(`${BASE}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get(BOOKMARK_HEADER)).toBeNull();
    }
  });

  it('50 parallel writes each hand back a bookmark; a read from the newest sees what the primary holds', async () => {
    const { browser: b } = await signedInPerson();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        b.send('POST', `${W}/Setting/Notification/Set`, {
          receive_badge_mail: i % 2 === 0,
          receive_info_mail: i % 3 === 0,
          auto_receive: false,
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const handed = answers.map((r) => r.headers.get(BOOKMARK_HEADER) ?? '');
    expect(handed.every((h) => /^[0-9a-f]+(-[0-9a-f]+)+$/.test(h))).toBe(true);
    // Bookmarks are fixed-width hex: the greatest is the newest.
    const newest = [...handed].sort().at(-1) ?? '';
    const read = await b.send('POST', `${W}/Setting/Notification/Get`, {}, { [BOOKMARK_HEADER]: newest });
    expect(read.headers.get(START_HEADER)).toBe(newest);
    const atPrimary = await exports.default.fetch(`${BASE}${W}/Setting/Notification/Get`, {
      method: 'POST',
      headers: {
        Cookie: b.cookies(BOOKMARK_COOKIE),
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(atPrimary.headers.get(START_HEADER)).toBe('first-primary');
    expect(await json(read)).toEqual(await json(atPrimary));
  });
});

describe('queue consumers and cron triggers', () => {
  /** The binding as the runtime hands it to queue() and scheduled(), counting what is asked of it. */
  function primary() {
    const used = { withSession: 0, queries: 0 };
    const db = new Proxy(env.DB, {
      get(target, name) {
        if (name === 'withSession') used.withSession += 1;
        if (name === 'prepare' || name === 'batch') used.queries += 1;
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { used, env: { ...env, DB: db } as Env };
  }

  it('read and write the primary binding they are given, never a replica session', async () => {
    const cron = primary();
    await scheduled(createScheduledController({ scheduledTime: Date.now(), cron: CRON_SWEEP }), cron.env);
    expect(cron.used.queries).toBeGreaterThan(0);
    expect(cron.used.withSession).toBe(0);

    const jobs = primary();
    const batch = createMessageBatch<JobMessage>('lanyard-jobs', [
      { id: 'replica-m1', timestamp: new Date(), attempts: 1, body: { outboxId: `missing-${crypto.randomUUID()}` } },
    ]);
    await queue(batch, jobs.env);
    expect(jobs.used.queries).toBeGreaterThan(0);
    expect(jobs.used.withSession).toBe(0);
  });
});
