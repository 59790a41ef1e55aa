import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { unbake } from '../../src/server/openbadges/baking';
import { verifyBadge } from '../../src/server/verify/verify';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';
import { awardTo, b64, issuerCall, newBadgeClass, newIssuer, SVG } from './issuing-helpers';

type Obj = Record<string, unknown>;
const W = '/api/v1.0/openbadge/v2/Wallet';
const post = (path: string, token: string, body: Obj) =>
  exports.default.fetch(`${BASE}${W}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify(body),
  });

describe('Open Badges 3.0 downloads of a received badge (issue 21)', () => {
  let owner: { token: string; id: string; email: string };
  let apiKey: string;
  let received: string;
  let svgBadge: string;
  let claimable: string;
  beforeAll(async () => {
    const acct = await createAccount();
    owner = { id: acct.id, email: acct.email, token: await createSession(acct.id) };
    ({ apiKey } = await newIssuer('東京工科アカデミー'));
    const png = await newBadgeClass(apiKey, { name: '機械学習入門' });
    const svg = await newBadgeClass(apiKey, { name: 'SVG badge', image: b64(SVG) });
    const ids = [
      ...(await awardTo(apiKey, png, [acct.email, acct.email.replace('@', '+2@')])).ids,
      ...(await awardTo(apiKey, svg, [acct.email])).ids,
    ];
    await env.DB.prepare('UPDATE assertions SET account_id = ? WHERE id IN (?, ?, ?)')
      .bind(acct.id, ids[0], ids[1], ids[2])
      .run();
    await env.DB.prepare('UPDATE assertions SET accept_status = 2 WHERE id IN (?, ?)').bind(ids[0], ids[2]).run();
    [received, claimable, svgBadge] = ids as [string, string, string];
  });

  it('gives the signed credential as JSON, named by the pattern, valid for its owner', async () => {
    const res = await post('Download/ob3json', owner.token, { assertion_id: received });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vc+ld+json');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('badge_ob3_機械学習入門_')}`,
    );
    const doc = (await res.json()) as Obj;
    expect(doc['type']).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    const report = await verifyBadge(env, { kind: 'json', doc }, [owner.email]);
    expect(report.verify_errors_code).toEqual([]);
    expect(report.verify_state).toBe('valid');
  });

  it('gives a PNG carrying the same credential (iTXt openbadgecredential), also for an SVG badge', async () => {
    const json = (await (await post('Download/ob3json', owner.token, { assertion_id: received })).json()) as Obj;
    for (const [id, want] of [
      [received, json],
      [svgBadge, null],
    ] as const) {
      const res = await post('Download/ob3image', owner.token, { assertion_id: id });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/png');
      expect(res.headers.get('Content-Disposition')).toMatch(/filename\*=UTF-8''badge_ob3_.*\.png/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect(new TextDecoder('latin1').decode(bytes)).toContain('openbadgecredential');
      const found = unbake(bytes);
      expect(found.ob3).toBe(true);
      const doc = JSON.parse(found.payload) as Obj;
      if (want) expect(doc).toEqual(want);
      const report = await verifyBadge(env, { kind: 'json', doc }, [owner.email]);
      expect(report.verify_state).toBe('valid');
    }
  });

  it('a credential downloaded before its revocation is then called revoked; a revoked badge is no longer given (410)', async () => {
    const bc = await newBadgeClass(apiKey);
    const [id] = (await awardTo(apiKey, bc, [owner.email])).ids as [string];
    await env.DB.prepare('UPDATE assertions SET account_id = ?, accept_status = 2 WHERE id = ?')
      .bind(owner.id, id)
      .run();
    const doc = (await (await post('Download/ob3json', owner.token, { assertion_id: id })).json()) as Obj;
    await issuerCall(`/assertions/${id}/revoke`, apiKey, { reason: 'Mistake' });
    const report = await verifyBadge(env, { kind: 'json', doc }, [owner.email]);
    expect(report.verify_errors_code).toContain('E999');
    // Issue 33, item 5: never handed out as if it were valid (tests/integration/revoked-downloads.test.ts).
    for (const path of ['Download/ob3json', 'Download/ob3image']) {
      const res = await post(path, owner.token, { assertion_id: id });
      expect([res.status, ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code]).toEqual([
        410,
        'E410180',
      ]);
    }
  });

  it('answers 404 E404101 for a claimable badge and for anyone but the owner (AZ-01)', async () => {
    const other = await createAccount();
    const token = await createSession(other.id);
    for (const path of ['Download/ob3json', 'Download/ob3image']) {
      for (const [t, id] of [
        [owner.token, claimable],
        [token, received],
      ] as const) {
        const res = await post(path, t, { assertion_id: id });
        expect(res.status).toBe(404);
        expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('E404101');
      }
    }
  });
});
