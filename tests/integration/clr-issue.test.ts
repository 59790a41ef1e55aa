import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { attachedFiles } from '../../src/server/verify/pdf/attachments';
import { docSource } from '../../src/server/verify/doc-source';
import { verifyBadge } from '../../src/server/verify/verify';
import { matchReports, recordReport } from '../support/report-snapshot';
import type { VerifyAnswer } from './clr-helpers';
import { BASE, createAccount, createSession, SAME_ORIGIN } from './helpers';
import { docRow, issueDoc, newTemplate, ROWS } from './acad-issuing-helpers';
import { seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { awardTo, issuerCall, newBadgeClass, newIssuer } from './issuing-helpers';

/**
 * Issue 38, item 3: every academic document issued here is also a signed CLR 2.0 record, each
 * transcript row a course credential inside it, signed by the issuer's did:web key and carrying
 * the document's status slot; the owner downloads it as JSON; it verifies here with every course
 * listed; a revocation, a deletion or a reissue revokes it.
 */
type Obj = Record<string, unknown>;

const download = (token: string, id: string) =>
  exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/AdAssertion/Download/clr`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify({ assertion_id: id }),
  });

let ip = 0;
async function verify(record: Obj | string, emails: string[]) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'cf-connecting-ip': `192.0.2.${(ip++ % 200) + 20}` },
    body: JSON.stringify({
      input_type: 'json',
      json: typeof record === 'string' ? record : JSON.stringify(record),
      verification_mail: emails,
    }),
  });
  expect(res.status).toBe(200);
  return recordReport((await res.json()) as VerifyAnswer, res.status);
}

/** The same route for a single OB 3.0 credential (a course taken out of its record). */
const verifyOb3 = verify;

let apiKey: string;
let owner: { id: string; email: string };
let token: string;
let transcript: string;
beforeAll(async () => {
  ({ apiKey } = await newIssuer('Kanto Institute of Technology'));
  owner = await createAccount({ first: 'Hanako', last: 'Yamada' });
  token = await createSession(owner.id);
  transcript = (await newTemplate(apiKey, { kind: 'transcript' })).id;
});

describe('a transcript issued here, as a CLR 2.0 record', () => {
  let docId: string;
  let first: string;
  it('the owner downloads it as JSON: one course credential per row, the recipient never in clear', async () => {
    docId = (await issueDoc(apiKey, transcript, owner.email, { rows: ROWS, language: 'ja', title: '成績証明書' })).id;
    const res = await download(token, docId);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vc+ld+json');
    expect(res.headers.get('Content-Disposition')).toMatch(/learner_record_/);
    first = await res.text();
    expect(first).not.toContain(owner.email);
    const record = JSON.parse(first) as Obj;
    expect(record['type']).toEqual(['VerifiableCredential', 'ClrCredential']);
    expect(record['name']).toBe('成績証明書');
    const subject = record['credentialSubject'] as Obj;
    const courses = (subject['verifiableCredential'] as Obj[]).map((c) => c['credentialSubject'] as Obj);
    expect(
      courses.map((s) => [
        (s['achievement'] as Obj)['name'],
        s['creditsEarned'],
        ((s['result'] as Obj[])[0] as Obj)['value'],
        s['term'],
      ]),
    ).toEqual(ROWS.map((r) => [r.course, r.credits, r.grade, r.term]));
    expect((subject['association'] as Obj[]).map((a) => a['associationType'])).toEqual([
      'isParentOf',
      'isParentOf',
      'isParentOf',
    ]);
  });

  it('verifies here: its issuer’s did:web key, every course listed as verified, awarded to the owner', async () => {
    const r = await verify(first, [owner.email]);
    expect(r.verify_state).toBe('valid');
    expect(r.badge_pass).toBe(true);
    expect([r.verify_errors_code, r.verify_warnings_code]).toEqual([[], []]);
    expect(r.badge_information['issuer_name']).toBe('Kanto Institute of Technology');
    expect(r.clr?.nested.map((n) => [n.name, n.state, n.issuer_name])).toEqual(
      ROWS.map((row) => [row.course, 'valid', 'Kanto Institute of Technology']),
    );
  });

  it('is signed once: a second download hands out the same bytes, and the issuer gets the same record', async () => {
    expect(await (await download(token, docId)).text()).toBe(first);
    const own = await issuerCall(`/acad-docs/${docId}/clr`, apiKey, undefined, 'GET');
    expect(own.res.status).toBe(200);
    expect(own.json).toEqual(JSON.parse(first));
    const other = await newIssuer('Another College');
    expect((await issuerCall(`/acad-docs/${docId}/clr`, other.apiKey, undefined, 'GET')).res.status).toBe(404);
  });

  it('revoked with the document: the download is refused (E410181) and the copy already out reads revoked', async () => {
    expect((await issuerCall(`/acad-docs/${docId}/revoke`, apiKey, { reason: 'Issued in error' })).res.status).toBe(
      200,
    );
    const res = await download(token, docId);
    expect(res.status).toBe(410);
    expect((await issuerCall(`/acad-docs/${docId}/clr`, apiKey, undefined, 'GET')).res.status).toBe(410);
    // Checked against one more address: a verification of its own, not the one a moment ago
    // (results are kept 60 s per input and addresses, verify/cache.ts).
    const r = await verify(first, [owner.email, 'registrar@example.test']);
    expect(r.badge_information['revoked']).toBe(true);
    expect(r.badge_pass).toBe(false);
    // The courses share the record's slot: each is revoked with it.
    expect(r.clr?.nested.every((n) => n.state === 'invalid')).toBe(true);
  });

  it('a reissue revokes the record of the document it replaces; the new one holds', async () => {
    const doc = await issueDoc(apiKey, transcript, owner.email, { rows: ROWS, language: 'en' });
    const old = await (await download(token, doc.id)).text();
    const re = await issuerCall(`/acad-docs/${doc.id}/reissue`, apiKey, { name: 'Hanako Yamada-Sato' });
    expect(re.res.status).toBe(200);
    expect((await verify(old, [owner.email])).badge_information['revoked']).toBe(true);
    const fresh = await (await download(token, re.json['acad_doc_id'] as string)).text();
    expect((await verify(fresh, [owner.email])).verify_state).toBe('valid');
  });

  it('a record whose grade was changed after signing is altered (E179)', async () => {
    const doc = await issueDoc(apiKey, transcript, owner.email, { rows: ROWS, language: 'en' });
    const text = await (await download(token, doc.id)).text();
    const r = await verify(text.replace('"value":"B+"', '"value":"A"'), [owner.email]);
    expect(r.verify_errors_code).toContain('E179');
    expect(r.clr?.nested).toEqual([]);
    // The course alone: its own proof is broken too.
    const changed = JSON.parse(text.replace('"value":"B+"', '"value":"A"')) as Obj;
    const second = ((changed['credentialSubject'] as Obj)['verifiableCredential'] as Obj[])[1] as Obj;
    expect((await verifyOb3(second, [owner.email])).verify_errors_code).toContain('E179');
  });
});

describe('the PDF carries the record', () => {
  it('clr.json is attached beside credential.jws, the same record the owner downloads', async () => {
    const doc = await issueDoc(apiKey, transcript, owner.email, { rows: ROWS, language: 'ja' });
    await buildAcadDocPdf(env, doc.id, Date.now());
    const row = await docRow(doc.id);
    expect(row?.['pdf_state']).toBe('ready');
    const pdf = await env.BUCKET.get(String(row?.['pdf_key']));
    const files = await attachedFiles(new Uint8Array(await (pdf as R2ObjectBody).arrayBuffer()));
    expect(files.map((f) => f.name)).toEqual(['credential.jws', 'assertion.json', 'clr.json']);
    const attached = JSON.parse(files[2]?.text ?? 'null') as Obj;
    expect(attached).toEqual(JSON.parse(await (await download(token, doc.id)).text()));
    expect((await verify(attached, [owner.email])).verify_state).toBe('valid');
  });
});

describe('one verification reads each document once', () => {
  it('the courses of one school share its DID document and status list: nine courses read no more than three', async () => {
    const reads = async (rows: typeof ROWS) => {
      const doc = await issueDoc(apiKey, transcript, owner.email, { rows });
      const record = JSON.parse(await (await download(token, doc.id)).text()) as Obj;
      const real = docSource(env);
      const asked: string[] = [];
      const counting = { budget: real.budget, get: (raw: unknown) => (asked.push(String(raw)), real.get(raw)) };
      const r = await verifyBadge(env, { kind: 'json', doc: record }, [owner.email], Date.now(), counting);
      expect(r.clr?.nested.map((n) => n.state)).toEqual(Array(rows.length).fill('valid'));
      return asked.length;
    };
    const three = await reads(ROWS);
    expect(three).toBeGreaterThan(0);
    expect(await reads([...ROWS, ...ROWS, ...ROWS])).toBe(three);
  });
});

describe('a diploma as a CLR 2.0 record', () => {
  it('holds one credential: the diploma itself', async () => {
    const diploma = (await newTemplate(apiKey)).id;
    const doc = await issueDoc(apiKey, diploma, owner.email, { language: 'en' });
    const record = JSON.parse(await (await download(token, doc.id)).text()) as Obj;
    const subject = record['credentialSubject'] as Obj;
    expect((subject['achievement'] as Obj[])[0]).toMatchObject({
      achievementType: 'Diploma',
      name: 'Bachelor of Science',
    });
    const r = await verify(record, [owner.email]);
    expect([r.verify_state, r.clr?.nested.map((n) => [n.name, n.state])]).toEqual([
      'valid',
      [['Bachelor of Science', 'valid']],
    ]);
  });
});

describe('status slots and races', () => {
  it('awards and documents of one issuer never share a bit of its lists', async () => {
    const { apiKey: key, issuerId } = await newIssuer('Shared Lists College');
    const bc = await newBadgeClass(key);
    const tpl = (await newTemplate(key, { kind: 'transcript' })).id;
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => awardTo(key, bc, [`award${i}@example.test`])),
      ...Array.from({ length: 10 }, (_, i) => issueDoc(key, tpl, `doc${i}@example.test`, { rows: ROWS })),
    ]);
    const slots = await env.DB.prepare(
      `SELECT list_no, status_index FROM ob3_status_entries WHERE issuer_id = ?1
       UNION ALL SELECT list_no, status_index FROM clr_status_entries WHERE issuer_id = ?1`,
    )
      .bind(issuerId)
      .all<{ list_no: number; status_index: number }>();
    expect(slots.results).toHaveLength(20);
    expect(new Set(slots.results.map((s) => `${s.list_no}:${s.status_index}`)).size).toBe(20);
  });

  it('50 parallel first downloads of a document from before CLR issuing: its slot is taken once, one record kept', async () => {
    // Written as an older document is, without a status slot and without a print job that could
    // sign its record first: the fifty requests race for both.
    const seeded = await seedIssuer('Pre-CLR College');
    const holder = await seedOwner();
    const { docId } = await seedDoc(seeded, holder, { kind: 'transcript', rows: ROWS });
    const doc = { id: docId };
    const holderToken = await createSession(holder.id);
    const all = await Promise.all(Array.from({ length: 50 }, () => download(holderToken, doc.id)));
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = new Set(await Promise.all(all.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    const slots = await env.DB.prepare('SELECT COUNT(*) AS n FROM clr_status_entries WHERE doc_id = ?')
      .bind(doc.id)
      .first<{ n: number }>();
    expect(slots?.n).toBe(1);
    const record = JSON.parse([...bodies][0] as string) as Obj;
    expect((record['credentialStatus'] as Obj)['type']).toBe('BitstringStatusListEntry');
    expect((await verify(record, [holder.email])).verify_state).toBe('valid');
  });

  it('someone else’s document is as good as missing (E404108)', async () => {
    const doc = await issueDoc(apiKey, transcript, owner.email, { rows: ROWS });
    const stranger = await createAccount();
    const res = await download(await createSession(stranger.id), doc.id);
    expect(res.status).toBe(404);
  });
});

it('the reports of this corpus are held (issue 36)', () => matchReports('clr-issue'));
