import { env, exports } from 'cloudflare:workers';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from '@pdfme/pdf-lib';
import { base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../../src/lib/base64';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { ob3CredentialOf } from '../../src/server/ob3/issue/service';
import { attachedCredentials } from '../../src/server/verify/pdf/attachments';
import { docRow, seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { attachment, reembed } from '../support/pdf-attachments';
import { BASE, SAME_ORIGIN, unique } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

/**
 * Issue 33 item 4: a document changed after it was signed says so (E179), through the public route,
 * and no item of it reads "success". A real certificate PDF printed here, with its attached
 * credential changed and re-embedded or one bit of it flipped; an OB 3.0 credential issued here
 * with its validFrom changed.
 */
type Report = {
  items: Record<string, { status: string; text: string | null }>;
  badge_pass: boolean;
  verify_state: string;
  verify_errors_code: string[];
  verify_warnings_code: string[];
  badge_information: Record<string, unknown>;
};

/** `held`: whether the answer joins the held reports (not where the bytes changed depend on the run's key). */
async function verifyRoute(body: Record<string, unknown>, emails: string[] = [], held = true) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: {
      ...SAME_ORIGIN,
      'CF-Connecting-IP': `10.33.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ ...body, verification_mail: emails }),
  });
  expect(res.status).toBe(200);
  const report = (await res.json()) as Report;
  return held ? recordReport(report) : report;
}

const verifyPdf = (bytes: Uint8Array, emails: string[] = [], held = true) =>
  verifyRoute({ input_type: 'pdf', pdf: bytesToBase64(bytes) }, emails, held);

/**
 * What every altered document answers: E179, nothing verified, no recipient warning beside it.
 * `alone`: E179 is the only finding (a change that also breaks a URL the badge names adds that).
 */
function expectAltered(r: Report, alone = true) {
  if (alone) expect(r.verify_errors_code).toEqual(['E179']);
  else expect(r.verify_errors_code).toContain('E179');
  expect(r.verify_warnings_code).toEqual([]);
  expect(r.badge_pass).toBe(false);
  expect(r.verify_state).toBe('invalid');
  for (const item of Object.values(r.items)) expect(item.status).toBe('fail');
  // An issuer named by a document whose signature failed is not shown as its issuer.
  expect(r.badge_information['issuer_name']).toBeNull();
}

/** The same PDF bytes with one bit flipped in the middle of an attachment's stored stream. */
async function flipInStream(pdf: Uint8Array, file: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = attachment(doc, file).lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
  if (!(stream instanceof PDFRawStream)) throw new Error('not a stream');
  const raw = stream.getContents();
  const at = indexOf(pdf, raw);
  expect(at).toBeGreaterThan(0);
  const out = pdf.slice();
  const middle = at + Math.floor(raw.length / 2);
  out[middle] = (out[middle] ?? 0) ^ 0x10;
  return out;
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** The text with one bit of the character at `at` flipped. */
const flipBit = (text: string, at: number, bit = 1) =>
  text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ bit) + text.slice(at + 1);

describe('a certificate PDF changed after it was signed (issue 33 item 4)', () => {
  let pdf: Uint8Array;
  let jws: string;
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  beforeAll(async () => {
    const issuer = await seedIssuer();
    owner = await seedOwner();
    const { docId } = await seedDoc(issuer, owner, { language: 'en' });
    await buildAcadDocPdf(env, docId, Date.now());
    const obj = await env.BUCKET.get((await docRow(docId))?.pdf_key ?? '');
    pdf = new Uint8Array(await (obj as R2ObjectBody).arrayBuffer());
    [jws = ''] = await attachedCredentials(pdf);
  });

  it('the printed PDF verifies as it is, and again after its credential is re-embedded unchanged', async () => {
    for (const bytes of [pdf, await reembed(pdf, 'credential.jws', jws)]) {
      const r = await verifyPdf(bytes);
      expect(r.verify_errors_code).toEqual([]);
      expect(r.badge_pass).toBe(true);
    }
  });

  it('its issue date changed inside the attached credential: E179, no item verified', async () => {
    const [h, p, s] = jws.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p ?? ''))) as Record<string, unknown>;
    expect(claims['issuedOn']).toBeTypeOf('string');
    const forged = `${h}.${base64url.encode(JSON.stringify({ ...claims, issuedOn: '2019-04-01T00:00:00Z' }))}.${s}`;
    const bytes = await reembed(pdf, 'credential.jws', forged);
    // With no address given (the holder's own is used), and with the holder's address.
    expectAltered(await verifyPdf(bytes));
    expectAltered(await verifyPdf(bytes, [owner.email]));
  });

  it('one bit flipped in the stored attachment: altered or damaged (E179), not E983 and W001', async () => {
    expectAltered(await verifyPdf(await flipInStream(pdf, 'credential.jws')));
  });

  it('one bit flipped in the credential text, wherever it falls: E179', async () => {
    const [h = '', p = ''] = jws.split('.');
    // In the header, the payload (its middle and its last character), at a separator, in the signature.
    const places = [3, h.length + 1 + Math.floor(p.length / 2), h.length + p.length, h.length, jws.length - 5];
    for (const at of places) {
      // Whether a flipped bit still reads as base64url depends on this run's signature: not held.
      const r = await verifyPdf(await reembed(pdf, 'credential.jws', flipBit(jws, at)), [], false);
      expect({ at, altered: r.verify_errors_code.includes('E179') }).toEqual({ at, altered: true });
      expectAltered(r, false);
    }
  });
});

describe('an Open Badges 3.0 credential changed after it was signed (issue 33 item 4)', () => {
  it('issued here, its validFrom changed: E179 through the route, no item verified', async () => {
    const { apiKey } = await newIssuer(`Tamper Issuer ${unique('i')}`);
    const badgeClassId = await newBadgeClass(apiKey);
    const email = `${unique('learner')}@example.test`;
    const { ids } = await awardTo(apiKey, badgeClassId, [email]);
    const c = (await ob3CredentialOf(env, ids[0] as string)) as Record<string, unknown>;
    const genuine = await verifyRoute({ input_type: 'json', json: JSON.stringify(c) }, [email]);
    expect(genuine.verify_errors_code).toEqual([]);
    expect(typeof c['validFrom']).toBe('string');
    const changed = { ...c, validFrom: '2019-04-01T00:00:00Z' };
    expectAltered(await verifyRoute({ input_type: 'json', json: JSON.stringify(changed) }, [email]));
    expectAltered(await verifyRoute({ input_type: 'json', json: JSON.stringify(changed) }));
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('tampered-document'));
