import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { HOSTILE_URLS, NOT_IRIS, type HostileForm } from '../support/hostile-links';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';

const port = inject('issuerPort');
const standIn = `http://127.0.0.1:${port}`;
/** The stand-in's own address as the issuer's url, with or without the slash URL parsing adds. */
const standInUrl = new RegExp(`^${standIn.replaceAll('.', '\\.')}/?$`);

async function call(path: string, body: Record<string, unknown>, token?: string) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown> & { status: number };
}

/** An account holding learner@example.test, verified: the stand-in's badges are issued to it. */
async function learner() {
  const acct = await createAccount();
  await env.DB.prepare("DELETE FROM account_emails WHERE email_normalized = 'learner@example.test'").run();
  await env.DB.prepare(
    `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
     VALUES (?, ?, 'learner@example.test', 'learner@example.test', ?, 0, ?)`,
  )
    .bind(unique('em'), acct.id, Date.now(), Date.now())
    .run();
  return createSession(acct.id);
}

interface Detail {
  issuer: { url: string | null };
  criteria: { url: string | null; narrative: string | null };
  evidence: { id?: string | null; narrative?: string; name?: string }[];
}

type Row = { issuer_url: string | null; assertion_json: string; badge_json: string; issuer_json: string };

describe('imported documents: only http(s) addresses are kept and shown (XSS-02)', () => {
  beforeAll(() => {
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port}`;
  });

  it.each(NOT_IRIS)('%s: not an IRI, so the badge fails verification and is not imported', async (form) => {
    const token = await learner();
    const added = await call('/Wallet/AddBadge', { url: `${standIn}/ob/links/${form}/a.json` }, token);
    expect((added['errors'] as { code: string }[] | undefined)?.[0]?.code).toBe('E422102');
  });

  for (const form of (Object.keys(HOSTILE_URLS) as HostileForm[]).filter((f) => !NOT_IRIS.includes(f))) {
    it(`${form} (${JSON.stringify(HOSTILE_URLS[form])}): null when stored, absent from the detail answers`, async () => {
      const token = await learner();
      const added = await call('/Wallet/AddBadge', { url: `http://127.0.0.1:${port}/ob/links/${form}/a.json` }, token);
      expect(added).toMatchObject({ status: 200 });
      const id = added['assertion_id'] as string;

      const row = await env.DB.prepare(
        'SELECT issuer_url, assertion_json, badge_json, issuer_json FROM host_assertions WHERE id = ?',
      )
        .bind(id)
        .first<Row>();
      expect(row?.issuer_url).toMatch(standInUrl);
      const badge = JSON.parse(row?.badge_json ?? '{}') as Record<
        string,
        Record<string, unknown>[] & Record<string, unknown>
      >;
      const assertion = JSON.parse(row?.assertion_json ?? '{}') as { evidence: Record<string, unknown>[] };
      const issuer = JSON.parse(row?.issuer_json ?? '{}') as Record<string, unknown>;
      expect(issuer).toMatchObject({ url: expect.stringMatching(standInUrl), image: null, name: 'Links Academy' });
      expect(badge['criteria']).toMatchObject({ id: null, narrative: 'Follow no links.' });
      // A list of one is stored as JSON-LD compaction leaves it: the item itself.
      expect([badge['alignment']].flat()).toMatchObject([{ targetName: 'Safety', targetUrl: `${standIn}/safety` }]);
      expect(assertion.evidence).toMatchObject([
        { id: null, narrative: 'A log of the night.' },
        { id: 'https://evidence.example/log', name: 'The log' },
      ]);

      await env.DB.prepare('UPDATE host_assertions SET is_public = 1 WHERE id = ?').bind(id).run();
      const own = await call('/Wallet/GetHostAssertion', { assertion_id: id }, token);
      const pub = await call('/Wallet/Public/GetHostAssertion', { assertion_id: id });
      for (const answer of [own, pub]) {
        const detail = answer['assertion'] as Detail;
        expect(detail.issuer.url).toMatch(standInUrl);
        expect(detail.criteria).toEqual({ url: null, narrative: 'Follow no links.' });
        expect(detail.evidence).toEqual([
          { narrative: 'A log of the night.' },
          { id: 'https://evidence.example/log', name: 'The log' },
        ]);
        expect(JSON.stringify(answer)).not.toMatch(/script:|data:|file:/i);
      }
    });
  }

  it('rows stored before the import rule are cleaned on the way out', async () => {
    const token = await learner();
    const added = await call('/Wallet/AddBadge', { url: `http://127.0.0.1:${port}/ob/links/javascript/a.json` }, token);
    const id = added['assertion_id'] as string;
    await env.DB.prepare(
      `UPDATE host_assertions SET issuer_url = 'JaVaScRiPt:alert(1)',
         badge_json = '{"criteria":"data:text/html,x"}',
         assertion_json = '{"evidence":[" javascript:alert(1)",{"id":"vbscript:x","narrative":"kept"}]}'
       WHERE id = ?`,
    )
      .bind(id)
      .run();
    const detail = (await call('/Wallet/GetHostAssertion', { assertion_id: id }, token))['assertion'] as Detail;
    expect(detail.issuer.url).toBeNull();
    expect(detail.criteria.url).toBeNull();
    expect(detail.evidence).toEqual([{ narrative: 'kept' }]);
  });
});
