import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ob3CredentialOf } from '../../src/server/ob3/issue/service';
import { bitstring } from '../../src/server/ob3/issue/status-list';
import { ob3Urls, STATUS_LIST_SIZE } from '../../src/server/ob3/issue/urls';
import { checkOb3Schema } from '../../src/server/ob3/schema';
import { decodeEncodedList, bitAt } from '../../src/server/ob3/status/bits';
import { verifyBadge } from '../../src/server/verify/verify';
import { BASE, unique } from './helpers';
import { awardTo, issuerCall, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';

type Obj = Record<string, unknown>;
const get = (path: string) => exports.default.fetch(`${BASE}${path}`);
const pathOf = (url: string) => new URL(url).pathname;
const verify = (doc: Obj, email: string) => verifyBadge(env, { kind: 'json', doc }, [email]);

async function oneAward(over: Obj = {}) {
  const { issuerId, apiKey } = await newIssuer(`OB3 Issuer ${unique('i')}`);
  const badgeClassId = await newBadgeClass(apiKey, {
    alignments: [{ targetName: 'ESCO data analysis', targetUrl: 'https://esco.example/skill/1', targetCode: 'S1' }],
    ...over,
  });
  const email = `${unique('learner')}@example.test`;
  const { ids } = await awardTo(apiKey, badgeClassId, [email]);
  return { issuerId, apiKey, badgeClassId, email, id: ids[0] as string };
}

async function bitsOf(listUrl: string): Promise<Uint8Array> {
  const list = (await (await get(pathOf(listUrl))).json()) as Obj;
  const decoded = await decodeEncodedList((list['credentialSubject'] as Obj)['encodedList'], true);
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.bytes;
}

const statusOf = (c: Obj) => c['credentialStatus'] as { statusListIndex: string; statusListCredential: string };

describe('issuing Open Badges 3.0 (issue 21)', () => {
  it('an award is an OpenBadgeCredential that passes the 1EdTech schema, our proof check and the verifier', async () => {
    const a = await oneAward({ expiry_days: 30 });
    const c = (await ob3CredentialOf(env, a.id)) as Obj;
    const urls = ob3Urls(env.PUBLIC_BASE_URL);
    expect(c['type']).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(c['@context']).toEqual([
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json',
    ]);
    expect(c['id']).toBe(urls.credential(a.id));
    expect(c['issuer']).toMatchObject({
      id: urls.did(a.issuerId),
      type: ['Profile'],
      email: 'badges@university.example',
    });
    expect(c['validUntil']).toMatch(/Z$/);
    const subject = c['credentialSubject'] as Obj;
    expect(JSON.stringify(subject)).not.toContain(a.email);
    expect(subject['identifier']).toEqual([
      expect.objectContaining({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true }),
    ]);
    expect(subject['achievement']).toMatchObject({
      type: ['Achievement'],
      criteria: { narrative: 'Do the thing.' },
      tag: ['Python', 'データ分析'],
      alignment: [{ type: ['Alignment'], targetName: 'ESCO data analysis', targetCode: 'S1' }],
    });
    expect(c['proof']).toMatchObject([
      { type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', verificationMethod: urls.keyId(a.issuerId) },
    ]);
    expect(checkOb3Schema(c)).toMatchObject({ ok: true });
    const report = await verify(c, a.email);
    expect(report.verify_errors_code).toEqual([]);
    expect(report.verify_state).toBe('valid');
    // Signed once: the second call and the public URL hand out the same credential.
    expect(await ob3CredentialOf(env, a.id)).toEqual(c);
    const served = await get(pathOf(c['id'] as string));
    expect(served.status).toBe(200);
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(await served.json()).toEqual(c);
    // A changed credential fails our proof check: altered after signing (E179).
    const changed = structuredClone(c);
    (changed['credentialSubject'] as { achievement: Obj }).achievement['name'] = 'Something else';
    expect((await verify(changed, a.email)).verify_errors_code).toContain('E179');
  });

  it('no credential for an unknown award; unknown issuers and lists are 404 with a catalogue code', async () => {
    expect(await ob3CredentialOf(env, 'no-such-award')).toBeNull();
    for (const path of [
      '/api/v1.0/openBadge/v3/issuers/nobody/did.json',
      '/api/v1.0/openBadge/v3/issuers/nobody/status/0',
      '/api/v1.0/openBadge/v3/credentials/nothing',
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(JSON.stringify(await res.json())).toContain('E404101');
    }
  });

  it('the DID document is a did:web of our host with one Multikey for assertions', async () => {
    const a = await oneAward();
    const urls = ob3Urls(env.PUBLIC_BASE_URL);
    const res = await get(pathOf(urls.didDocument(a.issuerId)));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const doc = (await res.json()) as Obj;
    const did = urls.did(a.issuerId);
    expect(did).toBe(
      `did:web:${encodeURIComponent(new URL(env.PUBLIC_BASE_URL).host)}:api:v1.0:openBadge:v3:issuers:${a.issuerId}`,
    );
    expect(doc).toEqual({
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
      id: did,
      verificationMethod: [
        { id: `${did}#key-1`, type: 'Multikey', controller: did, publicKeyMultibase: expect.stringMatching(/^z6Mk/) },
      ],
      assertionMethod: [`${did}#key-1`],
      authentication: [`${did}#key-1`],
    });
    expect(JSON.stringify(doc)).not.toMatch(/secret/i);
  });

  it('documents are JSON, nosniff, and name our configured host whatever Host a request carries (XSS-05, RST-02)', async () => {
    const a = await oneAward();
    const urls = ob3Urls(env.PUBLIC_BASE_URL);
    const c = (await ob3CredentialOf(env, a.id)) as Obj;
    for (const url of [urls.didDocument(a.issuerId), statusOf(c).statusListCredential, urls.credential(a.id)]) {
      const res = await exports.default.fetch(`${BASE}${pathOf(url)}`, {
        headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', Accept: 'text/html' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const text = await res.text();
      expect(text).not.toContain('evil.example');
      expect(text).toContain(urls.did(a.issuerId));
    }
  });

  it('50 parallel first reads of a DID document make one key', async () => {
    const { issuerId } = await newIssuer(`Keys ${unique('i')}`);
    const path = pathOf(ob3Urls(env.PUBLIC_BASE_URL).didDocument(issuerId));
    const docs = await Promise.all(Array.from({ length: 50 }, async () => (await get(path)).json()));
    expect(new Set(docs.map((d) => JSON.stringify(d))).size).toBe(1);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM issuer_ed25519_keys WHERE issuer_id = ?')
      .bind(issuerId)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  it('the status list is a signed BitstringStatusListCredential of 131,072 bits, bit 0 the first byte’s MSB', async () => {
    expect([...bitstring(16, [0, 9, 15])]).toEqual([0x80, 0x41]);
    const a = await oneAward();
    const c = (await ob3CredentialOf(env, a.id)) as Obj;
    const listUrl = statusOf(c).statusListCredential;
    const list = (await (await get(pathOf(listUrl))).json()) as Obj;
    expect(list).toMatchObject({
      id: listUrl,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer: ob3Urls(env.PUBLIC_BASE_URL).did(a.issuerId),
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
      proof: { cryptosuite: 'eddsa-rdfc-2022' },
    });
    expect((list['credentialSubject'] as Obj)['encodedList']).toMatch(/^u[A-Za-z0-9_-]+$/);
    const bits = await bitsOf(listUrl);
    expect(bits.length * 8).toBe(STATUS_LIST_SIZE);
    expect(bits.every((b) => b === 0)).toBe(true);
  });

  it('revoking flips the bit in the revocation’s batch; our verifier then says revoked (E999)', async () => {
    const a = await oneAward();
    const c = (await ob3CredentialOf(env, a.id)) as Obj;
    const { statusListIndex, statusListCredential } = statusOf(c);
    expect(bitAt(await bitsOf(statusListCredential), Number(statusListIndex))).toBe(0);
    const { res } = await issuerCall(`/assertions/${a.id}/revoke`, a.apiKey, { reason: 'Mistake' });
    expect(res.status).toBeLessThan(300);
    expect(bitAt(await bitsOf(statusListCredential), Number(statusListIndex))).toBe(1);
    const report = await verify(c, a.email);
    expect(report.verify_errors_code).toContain('E999');
    expect(report.verify_state).not.toBe('valid');
  });

  it('deleting an award by its issuer sets its bit too', async () => {
    const a = await oneAward();
    const { statusListIndex, statusListCredential } = statusOf((await ob3CredentialOf(env, a.id)) as Obj);
    await bitsOf(statusListCredential); // signed and kept at revision 0
    const { res } = await issuerCall(`/assertions/${a.id}`, a.apiKey, undefined, 'DELETE');
    expect(res.status).toBeLessThan(300);
    expect(bitAt(await bitsOf(statusListCredential), Number(statusListIndex))).toBe(1);
  });

  it('reissuing sets the old award’s bit and gives the new one its own slot, in one batch', async () => {
    const a = await oneAward();
    const old = statusOf((await ob3CredentialOf(env, a.id)) as Obj);
    await bitsOf(old.statusListCredential);
    const { json } = await issuerCall(`/assertions/${a.id}/reissue`, a.apiKey, {});
    const fresh = statusOf((await ob3CredentialOf(env, json['assertion_id'] as string)) as Obj);
    expect(fresh.statusListIndex).not.toBe(old.statusListIndex);
    const bits = await bitsOf(old.statusListCredential);
    expect([bitAt(bits, Number(old.statusListIndex)), bitAt(bits, Number(fresh.statusListIndex))]).toEqual([1, 0]);
  });

  it('an award made before issue 21 (no status entry) gets one on first use; a revoked one reads as revoked', async () => {
    const a = await oneAward();
    const b = (await awardTo(a.apiKey, a.badgeClassId, [`old-${unique('r')}@example.test`])).ids[0] as string;
    await env.DB.prepare('DELETE FROM ob3_status_entries WHERE assertion_id IN (?, ?)').bind(a.id, b).run();
    await issuerCall(`/assertions/${b}/revoke`, a.apiKey, { reason: 'Before issue 21' });
    const live = statusOf((await ob3CredentialOf(env, a.id)) as Obj);
    const listUrl = live.statusListCredential;
    await bitsOf(listUrl); // a signed copy kept before the revoked award gets its entry
    const revoked = (await ob3CredentialOf(env, b)) as Obj;
    expect(statusOf(revoked).statusListCredential).toBe(listUrl);
    const bits = await bitsOf(listUrl);
    expect([bitAt(bits, Number(live.statusListIndex)), bitAt(bits, Number(statusOf(revoked).statusListIndex))]).toEqual(
      [0, 1],
    );
    expect((await verify(revoked, '')).verify_errors_code).toContain('E999');
  });

  it('50 parallel awards get 50 distinct status indexes in one list', async () => {
    const { issuerId, apiKey } = await newIssuer(`Parallel ${unique('i')}`);
    const badgeClassId = await newBadgeClass(apiKey);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => awardTo(apiKey, badgeClassId, [`p${i}-${unique('r')}@example.test`])),
    );
    const ids = results.flatMap((r) => r.ids);
    expect(ids).toHaveLength(50);
    const rows = await env.DB.prepare('SELECT list_no, status_index FROM ob3_status_entries WHERE issuer_id = ?')
      .bind(issuerId)
      .all<{ list_no: number; status_index: number }>();
    expect(rows.results).toHaveLength(50);
    expect(new Set(rows.results.map((r) => r.status_index)).size).toBe(50);
    expect(new Set(rows.results.map((r) => r.list_no))).toEqual(new Set([0]));
    const list = await env.DB.prepare('SELECT allocated FROM ob3_status_lists WHERE issuer_id = ?')
      .bind(issuerId)
      .all<{ allocated: number }>();
    expect(list.results).toEqual([{ allocated: 50 }]);
    // Neighbouring awards do not sit on neighbouring bits.
    const sorted = rows.results.map((r) => r.status_index).sort((x, y) => x - y);
    expect(sorted.some((v, i) => i > 0 && v - (sorted[i - 1] as number) === 1)).toBe(false);
  });

  it('50 parallel revokes: each award revoked once, every bit set; 50 revokes of one award: one wins', async () => {
    const { issuerId, apiKey } = await newIssuer(`Revokes ${unique('i')}`);
    const badgeClassId = await newBadgeClass(apiKey);
    // Awards of up to 20 run at once (larger ones go through the queue): 50 awards in 5 calls.
    const emails = Array.from({ length: 50 }, (_, i) => `r${i}-${unique('r')}@example.test`);
    const calls = await Promise.all(
      [0, 10, 20, 30, 40].map((i) => awardTo(apiKey, badgeClassId, emails.slice(i, i + 10))),
    );
    const ids = calls.flatMap((c) => c.ids);
    expect(ids).toHaveLength(50);
    const first = (await ob3CredentialOf(env, ids[0] as string)) as Obj;
    const listUrl = statusOf(first).statusListCredential;
    await bitsOf(listUrl); // a signed copy kept before the revocations
    const answers = await Promise.all(
      ids.map((id) => issuerCall(`/assertions/${id}/revoke`, apiKey, { reason: 'Parallel' })),
    );
    expect(answers.every((a) => a.res.status < 300)).toBe(true);
    const bits = await bitsOf(listUrl);
    const rows = await env.DB.prepare('SELECT status_index FROM ob3_status_entries WHERE issuer_id = ?')
      .bind(issuerId)
      .all<{ status_index: number }>();
    expect(rows.results.map((r) => bitAt(bits, r.status_index))).toEqual(Array(50).fill(1));
    expect(bits.reduce((n, b) => n + [...b.toString(2)].filter((x) => x === '1').length, 0)).toBe(50);

    const one = await oneAward();
    const same = await Promise.all(
      Array.from({ length: 50 }, () => issuerCall(`/assertions/${one.id}/revoke`, one.apiKey, { reason: 'Once' })),
    );
    expect(same.filter((a) => a.res.status < 300)).toHaveLength(1);
    expect(new Set(same.filter((a) => a.res.status >= 300).map((a) => a.res.status))).toEqual(new Set([409]));
  });

  it('a full list is followed by a new one, in the award’s batch', async () => {
    const a = await oneAward();
    await env.DB.prepare('UPDATE ob3_status_lists SET allocated = size - 1 WHERE issuer_id = ?').bind(a.issuerId).run();
    const more = await awardTo(a.apiKey, a.badgeClassId, [
      `x-${unique('r')}@example.test`,
      `y-${unique('r')}@example.test`,
    ]);
    const lists = await Promise.all(more.ids.map(async (id) => statusOf((await ob3CredentialOf(env, id)) as Obj)));
    expect(lists.map((l) => pathOf(l.statusListCredential).split('/').pop())).toEqual(['0', '1']);
    const c = (await ob3CredentialOf(env, more.ids[1] as string)) as Obj;
    expect((await verify(c, '')).checks.find((k) => k.check === 'checkOb3Status')?.outcome).toBe('pass');
  });

  it('a queued award (over the sync limit, chunks of 50) gives every recipient its own slot', async () => {
    const { issuerId, apiKey } = await newIssuer(`Queued ${unique('i')}`);
    const badgeClassId = await newBadgeClass(apiKey);
    const emails = Array.from({ length: 60 }, (_, i) => `q${i}-${unique('r')}@example.test`);
    const { ids } = await awardTo(apiKey, badgeClassId, emails);
    expect(ids).toHaveLength(60);
    const rows = await waitFor(async () => {
      const r = await env.DB.prepare('SELECT status_index FROM ob3_status_entries WHERE issuer_id = ?')
        .bind(issuerId)
        .all<{ status_index: number }>();
      return r.results.length === 60 ? r.results : null;
    });
    expect(new Set(rows.map((r) => r.status_index)).size).toBe(60);
  });

  it('50 parallel first reads of an award’s credential keep one signed copy', async () => {
    const a = await oneAward();
    const all = await Promise.all(Array.from({ length: 50 }, () => ob3CredentialOf(env, a.id)));
    expect(new Set(all.map((c) => JSON.stringify(c))).size).toBe(1);
  });
});
