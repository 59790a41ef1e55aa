import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyFromForm } from '../../src/server/verify/form';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';
import { SERVER, didKey, ob3Credential, walletCall, type Obj } from './ob3-import-helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

/**
 * Issue 21, OB 3.0 endorsements and the owner's Verify button: each embedded endorsement's own
 * verification is kept with the imported badge (import, then nightly re-check) and the detail
 * data says "verified" only for those that verified; the owner verifies a private imported badge
 * by its id (signed in), while anyone else's id is refused exactly like a missing one (AZ-05).
 */
beforeAll(() => {
  (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = new URL(SERVER).host;
});

let ip = 0;
async function me() {
  const acct = await createAccount();
  return { ...acct, token: await createSession(acct.id) };
}
const add = (token: string, body: Obj) => walletCall(token, 'AddBadge', body, `198.51.100.${(ip++ % 200) + 20}`);

/** An EndorsementCredential signed by a fresh did:key, endorser named `name` (or unnamed). */
async function endorsement(name: string | null) {
  const endorser = await didKey();
  return endorser.sign({
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'EndorsementCredential'],
    issuer: name ? { id: endorser.did, type: ['Profile'], name } : endorser.did,
    validFrom: '2026-01-01T00:00:00Z',
    name: 'Endorsement of the guild',
    credentialSubject: {
      id: 'https://guild.example/achievements/knots',
      type: ['EndorsementSubject'],
      endorsementComment: 'Fine knots.',
    },
  });
}

/** A private OB 3.0 badge of a fresh account with a good, a changed (forged) and an unnamed endorsement. */
async function imported() {
  const u = await me();
  const good: Obj = await endorsement('Sea Board');
  const forged: Obj = { ...(await endorsement('Rope Council')), name: 'Changed after signing' };
  const unnamed = await endorsement(null);
  const key = await didKey();
  const json = JSON.stringify(
    await key.sign(ob3Credential(key.did, u.email, { endorsement: [good, forged, unnamed] })),
  );
  const r = await add(u.token, { json });
  expect(r.json).toMatchObject({ status: 200 });
  return { u, id: String(r.json['assertion_id']), good, forged, unnamed };
}

const column = (id: string) =>
  env.DB.prepare('SELECT endorsements_json AS e, verified_at AS at FROM host_assertions WHERE id = ?')
    .bind(id)
    .first<{ e: string | null; at: number }>();

async function verifyAs(token: string, hostId: string) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    // A client address of its own each time: the outbound limit counts per address.
    headers: {
      ...SAME_ORIGIN,
      'cf-connecting-ip': `203.0.113.${(ip++ % 200) + 20}`,
      ...(token ? { Cookie: `accessToken=${token}` } : {}),
    },
    body: JSON.stringify({ input_type: 'host_assertion_id', host_assertion_id: hostId, verification_mail: [] }),
  });
  return { http: res.status, json: recordReport((await res.json()) as Obj, res.status) };
}

describe('endorsement verdicts kept with the badge', () => {
  it('the import stores each verdict; the detail says verified only for the one that verified', async () => {
    const { u, id, good, forged, unnamed } = await imported();
    // Each endorser is a did:key that signed itself: valid, its name its own claim (issue 33).
    expect(JSON.parse((await column(id))?.e ?? 'null')).toEqual([
      { id: good['id'], name: 'Sea Board', state: 'valid', claimed: true },
      { id: forged['id'], name: 'Rope Council', state: 'invalid' },
      { id: unnamed['id'], name: null, state: 'valid', claimed: true },
    ]);
    const detail = await walletCall(u.token, 'GetHostAssertion', { assertion_id: id });
    const ob3 = (detail.json['assertion'] as Obj)['ob3'] as { endorsements: Obj[] };
    expect(ob3.endorsements.map((e) => [e['issuer'], e['state']])).toEqual([
      ['Sea Board', 'claimed'],
      ['Rope Council', 'invalid'],
      [String(unnamed['issuer']), 'claimed'],
    ]);
    // The public page's data carries the same verdicts once the badge is public.
    await walletCall(u.token, 'SetAssertionStatus', { assertion_id: id, is_public: true });
    const pub = await walletCall('', 'Public/GetHostAssertion', { assertion_id: id });
    expect(
      ((pub.json['assertion'] as Obj)['ob3'] as { endorsements: Obj[] }).endorsements.map((e) => e['state']),
    ).toEqual(['claimed', 'invalid', 'claimed']);
  });

  it('a badge with no kept verdicts (imported before 0016) shows every endorsement as not checked', async () => {
    const { u, id } = await imported();
    await env.DB.prepare('UPDATE host_assertions SET endorsements_json = NULL WHERE id = ?').bind(id).run();
    const detail = await walletCall(u.token, 'GetHostAssertion', { assertion_id: id });
    const ob3 = (detail.json['assertion'] as Obj)['ob3'] as { endorsements: Obj[] };
    expect(ob3.endorsements.map((e) => e['state'])).toEqual(['unchecked', 'unchecked', 'unchecked']);
  });

  it('the nightly re-verification replaces the kept verdicts with what it found', async () => {
    const { id, good } = await imported();
    // An earlier verdict that no longer holds (as if the endorser's key had been unreachable then).
    const stale = JSON.stringify([{ id: good['id'], name: 'Sea Board', state: 'unverifiable' }]);
    await env.DB.prepare('UPDATE host_assertions SET endorsements_json = ?, verified_at = 0 WHERE id = ?')
      .bind(stale, id)
      .run();
    const { reverifyImported, REVERIFY_AFTER_MS } = await import('../../src/server/import/reverify');
    let tries = 0;
    // Rows of other test files may be due first: run until ours was read.
    while ((await column(id))?.at === 0 && tries++ < 20) await reverifyImported(env, Date.now() + REVERIFY_AFTER_MS);
    const after = JSON.parse((await column(id))?.e ?? 'null') as Obj[];
    expect(after.map((e) => e['state'])).toEqual(['valid', 'invalid', 'valid']);
  });
});

describe("the owner's Verify button for a private imported OB 3.0 badge", () => {
  it('the owner, signed in, verifies it by id; the holder is named and the address never shown', async () => {
    const { u, id } = await imported();
    const r = await verifyAs(u.token, id);
    expect(r.http).toBe(200);
    expect(r.json).toMatchObject({ badge_pass: true, verify_state: 'valid' });
    expect((r.json['items'] as Record<string, Obj>)['awarded_to']).toMatchObject({ status: 'success' });
    expect(JSON.stringify(r.json)).not.toContain(u.email);
    expect((r.json['endorsements'] as Obj[]).map((e) => e['state'])).toEqual(['valid', 'invalid', 'valid']);
    // The same without JavaScript: the verify page's form, with the signed-in viewer.
    const form = new FormData();
    form.set('host_assertion_id', id);
    expect(await verifyFromForm(env, form, '198.51.100.251', u.id)).toMatchObject({ badge_pass: true });
  });

  it("another account's private badge is refused exactly like a missing one (API and form)", async () => {
    const { id } = await imported();
    const other = await me();
    const missing = await verifyAs(other.token, 'no-such-host-badge');
    for (const r of [await verifyAs(other.token, id), await verifyAs('', id)]) {
      expect(r.http).toBe(missing.http);
      expect(r.json).toEqual(missing.json);
    }
    expect(missing.json['verify_errors_code']).toEqual(['E999']);
    const form = new FormData();
    form.set('host_assertion_id', id);
    const refused = await verifyFromForm(env, form, '198.51.100.252', other.id);
    form.set('host_assertion_id', 'no-such-host-badge');
    expect(refused).toEqual(await verifyFromForm(env, form, '198.51.100.252', other.id));
    expect(refused?.verify_errors_code).toEqual(['E999']);
  });

  it('50 parallel verifications by the owner and by others: the owner passes each time, others never', async () => {
    const { u, id } = await imported();
    const other = await me();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => verifyAs(i % 2 ? other.token : u.token, id)),
    );
    results.forEach((r, i) => {
      expect(r.http).toBe(200);
      expect(r.json['badge_pass']).toBe(i % 2 === 0);
    });
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('ob3-endorsements'));
