import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import ja from '../../src/i18n/locales/ja.json';
import { createServer } from '../../src/server/app';
import { armFaults, D1_RETRYABLE_MESSAGES, disarmFaults, faultState, type FaultSpec } from '../../src/server/db/faults';
import { BASE, createAccount, SAME_ORIGIN, unique } from './helpers';
import { newBadgeClass, newIssuer } from './issuing-helpers';

/*
 * Issue 23, chaos run (security guide FLT-01/FLT-02, invariants "Lost writes"): the development
 * fault switch fails the award's D1 batch before it applies or after it applied; the caller gets a
 * translated 503 with Retry-After, never a 500, and nothing is half done; the same call sent again
 * with its Idempotency-Key awards each address exactly once.
 */

afterEach(() => void disarmFaults(true));

const spec = (over: Partial<FaultSpec> = {}): FaultSpec => ({
  points: ['before'],
  message: 'network',
  probability: 1,
  count: 1,
  // The award's own batch (the issuer and badge class are written before the switch is armed).
  match: 'insert into "assertions"',
  ...over,
});

async function awardKeyed(apiKey: string, badgeClassId: string, recipients: string[], key: string) {
  const res = await exports.default.fetch(`${BASE}/api/issuer/v1/awards`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${apiKey}`,
      'Content-Type': 'application/json',
      'Accept-Language': 'ja',
      'Idempotency-Key': key,
    },
    body: JSON.stringify({ badge_class_id: badgeClassId, recipients }),
  });
  const json = (await res.json()) as {
    status: number;
    assertions?: { assertion_id: string }[];
    errors?: { code: string; message: string }[];
  };
  return { res, json };
}

/** Everything one award batch writes for an issuer, counted (all or nothing means all zero or all full). */
async function written(issuerId: string, accountId: string) {
  const one = (sql: string, ...p: unknown[]) =>
    env.DB.prepare(sql)
      .bind(...p)
      .first<{ n: number }>()
      .then((r) => r?.n ?? 0);
  return {
    assertions: await one('SELECT COUNT(*) AS n FROM assertions WHERE issuer_id = ?', issuerId),
    links: await one(
      `SELECT COUNT(*) AS n FROM link_tokens WHERE purpose = 'receive' AND subject IN (SELECT id FROM assertions WHERE issuer_id = ?)`,
      issuerId,
    ),
    mails: await one(
      `SELECT COUNT(*) AS n FROM outbox WHERE id IN (SELECT 'award-mail-' || id FROM assertions WHERE issuer_id = ?)`,
      issuerId,
    ),
    statusEntries: await one('SELECT COUNT(*) AS n FROM ob3_status_entries WHERE issuer_id = ?', issuerId),
    notifications: await one('SELECT COUNT(*) AS n FROM notifications WHERE account_id = ?', accountId),
  };
}

describe('the development fault switch', () => {
  it('cannot be armed in production, and its dev route does not exist there', async () => {
    expect(() => armFaults('production', spec())).toThrow();
    expect(faultState().armed).toBe(false);
    const token = 'chaos-dev-token-0123456789abcdef0123';
    const call = (environment: string) =>
      createServer().fetch(
        new Request(`${BASE}/api/dev/faults`, {
          method: 'POST',
          headers: { ...SAME_ORIGIN, Authorization: `Bearer ${token}` },
          body: JSON.stringify({ action: 'arm', points: ['before'], count: 1 }),
        }),
        { ...env, ENVIRONMENT: environment, DEV_SQL_TOKEN: token },
        {
          waitUntil: () => undefined,
          passThroughOnException: () => undefined,
          props: {},
        } as unknown as ExecutionContext,
      );
    expect((await call('production')).status).toBe(404);
    expect(faultState().armed).toBe(false);
    const res = await call('development');
    expect(await res.json()).toMatchObject({ status: 200, armed: true, left: 1 });
  });

  for (const message of Object.keys(D1_RETRYABLE_MESSAGES) as (keyof typeof D1_RETRYABLE_MESSAGES)[]) {
    for (const point of ['before', 'after'] as const) {
      it(`award, "${message}" ${point} the batch applied: 503 E503103 with Retry-After, all or nothing, the retry awards once`, async () => {
        const { issuerId, apiKey } = await newIssuer();
        const bc = await newBadgeClass(apiKey);
        const holder = await createAccount();
        const recipients = [holder.email, `${unique('r')}@example.test`, `${unique('r')}@example.test`];
        const key = unique('key');
        armFaults('development', spec({ points: [point], message }));

        const failed = await awardKeyed(apiKey, bc, recipients, key);
        expect(failed.res.status).toBe(503);
        expect(failed.res.headers.get('Retry-After')).toBe(message === 'overloaded' ? '30' : '5');
        expect(failed.json.errors?.[0]).toMatchObject({ code: 'E503103', message: ja.errors.E503103 });
        expect(faultState().injected[point]).toBe(1);
        const full = { assertions: 3, links: 3, mails: 3, statusEntries: 3, notifications: 1 };
        const none = { assertions: 0, links: 0, mails: 0, statusEntries: 0, notifications: 0 };
        expect(await written(issuerId, holder.id)).toEqual(point === 'before' ? none : full);

        const again = await awardKeyed(apiKey, bc, recipients, key);
        expect(again.res.status).toBe(200);
        expect(again.json.assertions).toHaveLength(3);
        expect(await written(issuerId, holder.id)).toEqual(full);
        // Sent a third time (the answer was lost again): the same ids, still nothing new.
        const third = await awardKeyed(apiKey, bc, recipients, key);
        expect(third.json.assertions).toEqual(again.json.assertions);
        expect(await written(issuerId, holder.id)).toEqual(full);
      });
    }
  }

  it('50 parallel keyed awards through random faults, each retried until answered: every address awarded once', async () => {
    const { issuerId, apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const holder = await createAccount();
    const recipients = [holder.email, `${unique('r')}@example.test`];
    const key = unique('key');
    armFaults('development', spec({ points: ['before', 'after'], message: 'random', probability: 0.4, count: 30 }));
    const statuses: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let attempt = 0; attempt < 40; attempt++) {
          const r = await awardKeyed(apiKey, bc, recipients, key);
          statuses.push(r.res.status);
          if (r.res.status === 200) return r.json.assertions?.map((a) => a.assertion_id);
          expect(r.res.status).toBe(503);
        }
        return null;
      }),
    );
    const injected = disarmFaults().before + faultState().injected.after;
    expect(injected).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const w = await written(issuerId, holder.id);
    expect(w).toEqual({ assertions: 2, links: 2, mails: 2, statusEntries: 2, notifications: 1 });
  });
});
