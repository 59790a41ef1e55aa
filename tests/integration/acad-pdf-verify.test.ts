import { env, exports } from 'cloudflare:workers';
import { AFRelationship, PDFDocument } from '@pdfme/pdf-lib';
import { base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../../src/lib/base64';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { attachedCredentials } from '../../src/server/verify/pdf/attachments';
import { docRow, seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { BASE, SAME_ORIGIN } from './helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

type Report = {
  status: number;
  items: Record<string, { status: string; text: string | null }>;
  badge_pass: boolean;
  verify_errors_code: string[];
  badge_information: Record<string, unknown>;
  certificate?: { kind: string };
  errors?: { code: string }[];
};

/** `held`: whether the answer joins the held reports (not for fuzz cases cut from a freshly made PDF). */
async function verifyPdf(bytes: Uint8Array, emails: string[] = [], held = true) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: {
      ...SAME_ORIGIN,
      'CF-Connecting-IP': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ input_type: 'pdf', pdf: bytesToBase64(bytes), verification_mail: emails }),
  });
  const json = (await res.json()) as Report;
  return { status: res.status, json: held ? recordReport(json, res.status) : json };
}

/** A PDF carrying the given text as its credential attachment, as anyone could make one. */
async function pdfCarrying(jws: string) {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  await doc.attach(new TextEncoder().encode(jws), 'credential.jws', {
    mimeType: 'application/jose',
    afRelationship: AFRelationship.Alternative,
  });
  return doc.save();
}

describe('verifying a certificate PDF (input_type pdf)', () => {
  let pdf: Uint8Array;
  let jws: string;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  beforeAll(async () => {
    const issuer = await seedIssuer();
    owner = await seedOwner();
    const { docId } = await seedDoc(issuer, owner, { language: 'ja' });
    await buildAcadDocPdf(env, docId, Date.now());
    const obj = await env.BUCKET.get((await docRow(docId))?.pdf_key ?? '');
    pdf = new Uint8Array(await (obj as R2ObjectBody).arrayBuffer());
    [jws = ''] = await attachedCredentials(pdf);
  });

  it('verifies the PDF as its signed credential: all four items, the holder named', async () => {
    const { status, json } = await verifyPdf(pdf);
    expect(status).toBe(200);
    expect(json.verify_errors_code).toEqual([]);
    expect(json.badge_pass).toBe(true);
    // The holder as the document names them, in its own script (issue 35): the document's name
    // field "山田 花子", no longer the wallet name ("花子 山田") a badge issued here is named by.
    expect(json.items.awarded_to).toEqual({ status: 'success', text: '山田 花子' });
    expect(json.certificate).toEqual({ kind: 'diploma' });
    expect(json.badge_information.badge_name).toBe('Master of Data Science');
  });

  it('fails a PDF whose attached credential was changed (payload changed, signature kept)', async () => {
    const [h, p, s] = jws.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p ?? ''))) as Record<string, unknown>;
    const forged = base64url.encode(JSON.stringify({ ...claims, issuedOn: '2020-01-01T00:00:00Z' }));
    const { status, json } = await verifyPdf(await pdfCarrying(`${h}.${forged}.${s}`), [owner.email]);
    expect(status).toBe(200);
    expect(json.badge_pass).toBe(false);
    // Altered after signing (issue 33 item 4): no item verified, the forged date least of all.
    expect(json.verify_errors_code).toEqual(['E179']);
    for (const item of Object.values(json.items)) expect(item.status).toBe('fail');
    // The untouched credential in the same kind of wrapper verifies: only the change failed it.
    expect((await verifyPdf(await pdfCarrying(jws), [owner.email])).json.badge_pass).toBe(true);
  });

  it('answers a PDF with no credential, and bytes that are no PDF, with 422 E422100', async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    for (const bytes of [await blank.save(), new TextEncoder().encode('%PDF-1.7\n%%EOF'), Uint8Array.of(1, 2, 3)]) {
      const { status, json } = await verifyPdf(bytes);
      expect(status).toBe(422);
      expect(json.errors?.[0]?.code).toBe('E422100');
    }
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ input_type: 'pdf', pdf: '***not base64***' }),
    });
    expect(res.status).toBe(422);
  });

  it('never answers 500 to a truncated, corrupted or garbage PDF (fuzz)', async () => {
    // A fixed seed, so a failure is repeatable.
    let seed = 20261124;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const cases: Uint8Array[] = [];
    for (let i = 0; i < 12; i += 1) cases.push(pdf.slice(0, Math.floor(rand() * pdf.length)));
    for (let i = 0; i < 12; i += 1) {
      const c = pdf.slice();
      for (let j = 0; j < 40; j += 1) c[Math.floor(rand() * c.length)] = Math.floor(rand() * 256);
      cases.push(c);
    }
    for (let i = 0; i < 6; i += 1)
      cases.push(
        Uint8Array.from({ length: 2000 + Math.floor(rand() * 20000) }, (_, k) =>
          k < 8 ? '%PDF-1.7'.charCodeAt(k) : Math.floor(rand() * 256),
        ),
      );
    for (const bytes of cases) {
      const { status } = await verifyPdf(bytes, [], false);
      expect([200, 422]).toContain(status);
    }
  });

  it('reads the credential from the EmbeddedFiles name tree, and skips an inflate bomb', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    // 64 MB of zeros deflates to a few KB: reading it must stop at the cap, not fill the memory.
    const zeros = new Uint8Array(64 * 1024 * 1024);
    await doc.attach(zeros, 'bomb.jws', { mimeType: 'application/jose' });
    await doc.attach(new TextEncoder().encode(jws), 'credential.jws', { mimeType: 'application/jose' });
    const found = await attachedCredentials(await doc.save());
    expect(found).toEqual([jws]);
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('acad-pdf-verify'));
