import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { recheckHeldRecords, RECHECK_AFTER_MS } from '../../src/server/import/recheck-records';
import { course, record, school } from './clr-helpers';
import { BASE, createAccount, createSession, SAME_ORIGIN } from './helpers';
import { putStatusList, SERVER, statusEntry, walletCall, type Obj } from './ob3-import-helpers';

/**
 * Issue 38, item 2: a learner record held from elsewhere is verified again weekly, as imported
 * badges are. Once its issuer revokes it (its status list bit set on the stand-in issuer), it
 * leaves every public surface and the CLR 2.0 API's list, its owner's page says so, and it can no
 * longer be published. (A record that cannot be checked now keeps its last verdict, as an imported
 * badge does: the same rule as import/reverify.ts, not repeated here.)
 */
beforeAll(() => {
  // The stand-in issuer's status lists: the Worker under test reads OUTBOUND_TEST_ALLOW from env.
  (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = new URL(SERVER).host;
});

const V2 = `${BASE}/api/v1.0/openbadge/v2`;
async function call(path: string, token: string | null, body: Obj) {
  const res = await exports.default.fetch(`${V2}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Obj & { errors?: { code: string }[] };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, json };
}
const row = (id: string) =>
  env.DB.prepare(
    'SELECT verify_status AS s, revoked_at IS NOT NULL AS revoked, verified_at AS at FROM held_clrs WHERE id = ?',
  )
    .bind(id)
    .first<{ s: string; revoked: number; at: number }>();

/** Runs the weekly check at `at` until this record's turn has come (other files' rows may be older). */
async function recheckUntil(id: string, at: number) {
  const before = (await row(id))?.at;
  for (let i = 0; i < 20 && (await row(id))?.at === before; i++) await recheckHeldRecords(env, at);
}

describe('a held record checked again', () => {
  it('stays as it was while it holds; revoked by its issuer, it is taken off every public surface', async () => {
    const harbour = await school('Harbour College');
    const path = `/store/clr-status-${crypto.randomUUID()}`;
    const list = await putStatusList(path, harbour, []);
    const me = await createAccount();
    const token = await createSession(me.id);
    const nested = [await harbour.sign(course(harbour, me.email, 1))];
    const signed = await harbour.sign(record(harbour, me.email, nested, statusEntry(list, 7)));
    const added = await walletCall(token, 'AddBadge', { json: JSON.stringify(signed) }, '198.51.100.61');
    expect([added.http, added.json['kind']]).toEqual([200, 'record']);
    const id = added.json['assertion_id'] as string;
    expect((await call('AdAssertion/SetHeldRecordStatus', token, { record_id: id, is_public: true })).http).toBe(200);

    const later = Date.now() + RECHECK_AFTER_MS + 60_000;
    await recheckUntil(id, later);
    expect(await row(id)).toMatchObject({ s: 'valid', revoked: 0, at: later });
    expect((await call('Public/AdAssertion/GetHeldRecordDetails', null, { record_id: id })).http).toBe(200);

    await putStatusList(path, harbour, [7]);
    const again = later + RECHECK_AFTER_MS + 60_000;
    await recheckUntil(id, again);
    expect(await row(id)).toMatchObject({ s: 'invalid', revoked: 1 });
    expect((await call('Public/AdAssertion/GetHeldRecordDetails', null, { record_id: id })).code).toBe('E404108');
    const card = await exports.default.fetch(`${V2}/Wallet/Public/ShareImage/record/${id}.png`);
    expect(card.status).toBe(404);
    const mine = (await call('AdAssertion/GetHeldRecord', token, { record_id: id })).json['record'] as Obj;
    expect(mine).toMatchObject({ revoked: true, invalid: true, is_public: true });
    // Hidden it may be; published again it may not (as a revoked certificate, E409116).
    expect((await call('AdAssertion/SetHeldRecordStatus', token, { record_id: id, is_public: true })).code).toBe(
      'E409116',
    );
    expect((await call('AdAssertion/SetHeldRecordStatus', token, { record_id: id, is_public: false })).http).toBe(200);
    // A revocation is final: the record is not checked again.
    const at = (await row(id))?.at;
    await recheckHeldRecords(env, again + RECHECK_AFTER_MS + 60_000);
    expect((await row(id))?.at).toBe(at);
  });
});
