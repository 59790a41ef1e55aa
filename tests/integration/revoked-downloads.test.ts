import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import ja from '../../src/i18n/locales/ja.json';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { pdfPageText } from '../support/pdf-text';
import { seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { downloadExport, exportCall, readZip, seedHostBadges } from './export-helpers';
import { BASE, SAME_ORIGIN, createSession } from './helpers';
import { awardTo, issuerCall, newBadgeClass, waitFor } from './issuing-helpers';
import { signedIn } from './settings-helpers';

/*
 * Issue 33, item 5: a revoked badge or certificate is never handed out as a clean one (docs/design/decisions.md
 * "Downloads of a revoked badge or certificate"). Files that carry the credential are refused with
 * 410 and a translated reason; the badge's PDF certificate, which carries none, is printed REVOKED.
 */

const API = '/api/v1.0/openbadge/v2';
type ErrorBody = { status: number; errors: { code: string; message: string }[] };

async function download(path: string, token: string, id: string, lang = 'en') {
  return exports.default.fetch(`${BASE}${API}${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}; language=${lang}` },
    body: JSON.stringify({ assertion_id: id }),
  });
}

/** The answer as [HTTP status, body status, code, message]. */
async function refusal(res: Response) {
  const body = (await res.json()) as ErrorBody;
  return [res.status, body.status, body.errors[0]?.code, body.errors[0]?.message];
}

const BADGE_FILES = [
  '/Wallet/Download/image',
  '/Wallet/Download/json',
  '/Wallet/Download/ob3json',
  '/Wallet/Download/ob3image',
];

describe('downloads of a revoked badge issued here', () => {
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let token: string;
  let apiKey: string;
  let badgeId: string;
  let chainBadgeId: string;
  beforeAll(async () => {
    owner = await seedOwner();
    token = await createSession(owner.id);
    ({ apiKey } = await seedIssuer('Tokyo Academy'));
    const bc = await newBadgeClass(apiKey, { name: 'Data Analysis 101' });
    [badgeId] = (await awardTo(apiKey, bc, [owner.email])).ids as [string];
    [chainBadgeId] = (await awardTo(apiKey, bc, [owner.email], { blockchain: true })).ids as [string];
    await env.DB.prepare('UPDATE assertions SET account_id = ?, accept_status = 2 WHERE id IN (?, ?)')
      .bind(owner.id, badgeId, chainBadgeId)
      .run();
  });

  it('are given while it is valid, and every file carrying its credential is refused once revoked (410 E410180)', async () => {
    for (const path of BADGE_FILES) expect([path, (await download(path, token, badgeId)).status]).toEqual([path, 200]);
    for (const id of [badgeId, chainBadgeId])
      expect((await issuerCall(`/assertions/${id}/revoke`, apiKey, { reason: 'Awarded in error' })).json.status).toBe(
        200,
      );
    for (const path of BADGE_FILES) {
      expect([path, ...(await refusal(await download(path, token, badgeId)))]).toEqual([
        path,
        410,
        410,
        'E410180',
        en.errors.E410180,
      ]);
    }
    // In the reader's language, and the blockchain certificate alike.
    expect(await refusal(await download('/Wallet/Download/image', token, badgeId, 'ja'))).toEqual([
      410,
      410,
      'E410180',
      ja.errors.E410180,
    ]);
    expect(await refusal(await download('/Wallet/Download/Blockchain', token, chainBadgeId))).toEqual([
      410,
      410,
      'E410180',
      en.errors.E410180,
    ]);
  });

  it('gives the PDF certificate printed REVOKED with the date and reason, without the verification link', async () => {
    const res = await download('/Wallet/Download/pdf', token, badgeId);
    expect(res.status).toBe(200);
    const shown = await pdfPageText(new Uint8Array(await res.arrayBuffer()));
    expect(shown.filter((s) => s.missingGlyph)).toEqual([]);
    const text = shown.map((s) => s.text).join('\n');
    expect(text).toContain('REVOKED');
    expect(text).toMatch(/Revoked by the issuer on .+\. Reason: Awarded in error/);
    expect(text).toContain('Data Analysis 101');
    expect(text).not.toContain('Verify this badge');

    const inJapanese = await download('/Wallet/Download/pdf', token, badgeId, 'ja');
    const jaText = (await pdfPageText(new Uint8Array(await inJapanese.arrayBuffer()))).map((s) => s.text).join('');
    expect(jaText).toContain(ja.download.pdf_revoked_mark);
    expect(jaText).toContain('理由：Awarded in error');
  });

  it('anyone else still gets "not found" (AZ-01), not the revocation', async () => {
    const stranger = await createSession((await seedOwner()).id);
    for (const path of [...BADGE_FILES, '/Wallet/Download/pdf']) {
      const [status, , code] = await refusal(await download(path, stranger, badgeId));
      expect([path, status, code]).toEqual([path, 404, 'E404101']);
    }
  });
});

describe('downloads of an imported badge', () => {
  it('gives the credential as received, and refuses it once the issuer revoked it (410 E410180)', async () => {
    const owner = await seedOwner();
    const token = await createSession(owner.id);
    const [jsonId, jwsId] = [
      ...(await seedHostBadges(owner.id, owner.email, 1, 'ob3')),
      ...(await seedHostBadges(owner.id, owner.email, 1, 'ob2')),
    ] as [string, string];
    const jws = 'eyJhbGciOiJSUzI1NiJ9.eyJ1aWQiOiJ4In0.c2lnbmF0dXJl';
    await env.DB.prepare('UPDATE host_assertions SET raw_credential = ? WHERE id = ?').bind(jws, jwsId).run();

    const asJson = await download('/Wallet/Download/json', token, jsonId);
    expect([asJson.status, asJson.headers.get('Content-Type')]).toEqual([200, 'application/ld+json']);
    expect(await asJson.json()).toEqual({ id: `urn:uuid:${jsonId}`, type: ['VerifiableCredential'] });
    const asJws = await download('/Wallet/Download/json', token, jwsId);
    expect([asJws.status, asJws.headers.get('Content-Type')]).toEqual([200, 'application/jose']);
    expect(asJws.headers.get('Content-Disposition')).toMatch(/filename\*=UTF-8''badge_Imported_0_\d{8}\.jws$/);
    expect(new TextDecoder().decode(await asJws.arrayBuffer())).toBe(jws);

    // What the nightly re-verification writes when it finds the badge revoked (import/reverify.ts).
    await env.DB.prepare(
      "UPDATE host_assertions SET revoked_at = ?, revoked_reason = 'Withdrawn', verify_status = 'invalid' WHERE id IN (?, ?)",
    )
      .bind(Date.now(), jsonId, jwsId)
      .run();
    for (const id of [jsonId, jwsId])
      expect(await refusal(await download('/Wallet/Download/json', token, id))).toEqual([
        410,
        410,
        'E410180',
        en.errors.E410180,
      ]);
    const stranger = await createSession((await seedOwner()).id);
    expect((await download('/Wallet/Download/json', stranger, jsonId)).status).toBe(404);
  });
});

describe('downloads of a revoked academic document', () => {
  it('refuses its PDF (which carries the signed credential) and its blockchain certificate: 410 E410181', async () => {
    const owner = await seedOwner();
    const token = await createSession(owner.id);
    const issuer = await seedIssuer();
    const { docId } = await seedDoc(issuer, owner, { kind: 'completion' });
    await buildAcadDocPdf(env, docId, Date.now());
    expect((await download('/AdAssertion/Download/pdf', token, docId)).status).toBe(200);

    const revoked = await issuerCall(`/acad-docs/${docId}/revoke`, issuer.apiKey, { reason: 'Issued in error' });
    expect(revoked.json.status).toBe(200);
    await env.DB.prepare('UPDATE acad_docs SET is_blockchain = 1 WHERE id = ?').bind(docId).run();
    for (const path of ['/AdAssertion/Download/pdf', '/AdAssertion/Download/Blockchain'])
      expect([path, ...(await refusal(await download(path, token, docId)))]).toEqual([
        path,
        410,
        410,
        'E410181',
        en.errors.E410181,
      ]);
    expect(await refusal(await download('/AdAssertion/Download/pdf', token, docId, 'ja'))).toEqual([
      410,
      410,
      'E410181',
      ja.errors.E410181,
    ]);
    const stranger = await createSession((await seedOwner()).id);
    expect((await download('/AdAssertion/Download/pdf', stranger, docId)).status).toBe(404);
  });
});

describe('the whole-wallet export of revoked items', () => {
  it('keeps their records but not the files that carry their credentials', { timeout: 120_000 }, async () => {
    const me = await signedIn();
    const { apiKey } = await seedIssuer('Tokyo Academy');
    const [badgeId] = (await awardTo(apiKey, await newBadgeClass(apiKey), [me.email])).ids as [string];
    await env.DB.prepare('UPDATE assertions SET accept_status = 2 WHERE id = ?').bind(badgeId).run();
    expect((await issuerCall(`/assertions/${badgeId}/revoke`, apiKey, { reason: 'Mistake' })).json.status).toBe(200);
    const [hostId] = (await seedHostBadges(me.id, me.email, 1, 'ob3')) as [string];
    // Its stored record is the credential as received, signature included (an OB 3.0 proof).
    const signedRecord = { id: `urn:uuid:${hostId}`, name: 'Imported', proof: [{ type: 'DataIntegrityProof' }] };
    await env.DB.prepare(
      "UPDATE host_assertions SET revoked_at = ?, revoked_reason = 'Withdrawn', assertion_json = ? WHERE id = ?",
    )
      .bind(Date.now(), JSON.stringify(signedRecord), hostId)
      .run();
    const issuer = await seedIssuer();
    const { docId } = await seedDoc(issuer, me);
    await buildAcadDocPdf(env, docId, Date.now());
    expect((await issuerCall(`/acad-docs/${docId}/revoke`, issuer.apiKey, { reason: 'Error' })).json.status).toBe(200);

    const started = await exportCall(me.cookie, 'Start');
    const id = started.export?.id ?? '';
    await waitFor(
      async () =>
        (await env.DB.prepare('SELECT status FROM wallet_exports WHERE id = ?').bind(id).first<{ status: string }>())
          ?.status === 'ready',
      60_000,
    );
    const files = await readZip((await downloadExport(me.cookie, id)).bytes ?? new Uint8Array());
    const names = [...files.keys()];
    const under = (dir: string) => names.filter((n) => n.startsWith(`${dir}/`)).sort();
    expect(under(`badges/${badgeId}`)).toEqual([`badges/${badgeId}/assertion-ob2.json`]);
    expect(JSON.parse(new TextDecoder().decode(files.get(`badges/${badgeId}/assertion-ob2.json`)))).toMatchObject({
      revoked: true,
    });
    expect(under(`imported/${hostId}`)).toEqual([`imported/${hostId}/assertion.json`]);
    // Its record keeps what it said, not its signature: nothing in the export still verifies.
    const record = JSON.parse(new TextDecoder().decode(files.get(`imported/${hostId}/assertion.json`))) as {
      assertion: Record<string, unknown>;
    };
    expect(record.assertion).toEqual({ id: `urn:uuid:${hostId}`, name: 'Imported' });
    expect(under(`certificates/${docId}`)).toEqual([`certificates/${docId}/certificate.json`]);
  });
});
