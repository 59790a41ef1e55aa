import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyFromForm } from '../../src/server/verify/form';
import { seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { BASE, SAME_ORIGIN } from './helpers';

/*
 * Issue 35, item 3 (a): verifying a certificate says "certificate", not "badge" (the report marks
 * it as one), and names its holder as the document does, in the document's own script, not by the
 * wallet name. The public page's "Verify this certificate" button posts the form the verify page
 * reads (verifyFromForm); the API answers the same report.
 */

type Report = {
  status: number;
  items: Record<string, { status: string; text: string | null }>;
  badge_pass: boolean;
  verify_errors_code: string[];
  badge_information: { badge_recipient_name: string | null; badge_name: string | null };
  certificate?: { kind: string };
};

async function verifyById(id: string, emails: string[] = []) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ input_type: 'assertion_id', assertion_id: id, verification_mail: emails }),
  });
  return (await res.json()) as Report;
}

/** What the certificate page's button sends: the id alone, as multipart form data. */
function pageForm(id: string) {
  const form = new FormData();
  form.set('assertion_id', id);
  return form;
}

describe('verifying a certificate issued here', () => {
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  let ja: string;
  let en: string;
  beforeAll(async () => {
    const issuer = await seedIssuer();
    // The wallet's own name is written "花子 山田" (first, last); the documents write it their way.
    owner = await seedOwner('花子', '山田');
    ja = (
      await seedDoc(issuer, owner, {
        kind: 'transcript',
        language: 'ja',
        name: '山田 花子',
        title: '成績証明書 2020-2024年度',
        rows: [{ course: '線形代数', credits: 2, grade: 'A', term: '2020年度前期' }],
      })
    ).docId;
    en = (await seedDoc(issuer, owner, { kind: 'diploma', language: 'en', name: 'Hanako Yamada' })).docId;
  });

  it('marks the report as a certificate of its kind and names the holder as the document writes it', async () => {
    const r = await verifyById(ja);
    expect(r.badge_pass).toBe(true);
    expect(r.certificate).toEqual({ kind: 'transcript' });
    expect(r.items.awarded_to).toEqual({ status: 'success', text: '山田 花子' });
    expect(r.badge_information.badge_recipient_name).toBe('山田 花子');
    expect(r.badge_information.badge_name).toBe('成績証明書 2020-2024年度');
    // Not the wallet's name, in either order or script.
    expect(JSON.stringify(r)).not.toContain('花子 山田');
    expect(JSON.stringify(r)).not.toContain('Hanako');
  });

  it('names the holder of an English document by that document, in Latin letters', async () => {
    const r = await verifyById(en);
    expect(r.certificate).toEqual({ kind: 'diploma' });
    expect(r.items.awarded_to).toEqual({ status: 'success', text: 'Hanako Yamada' });
  });

  it('is the same report through the page form the certificate page posts', async () => {
    const r = await verifyFromForm(env, pageForm(ja), `10.35.3.${Math.floor(Math.random() * 250)}`);
    expect(r?.certificate).toEqual({ kind: 'transcript' });
    expect(r?.items.awarded_to).toEqual({ status: 'success', text: '山田 花子' });
  });

  it('stays a certificate when an address is given (the address checked is shown, as for badges)', async () => {
    const r = await verifyById(ja, [owner.email]);
    expect(r.certificate).toEqual({ kind: 'transcript' });
    expect(r.items.awarded_to?.status).toBe('success');
    const wrong = await verifyById(ja, ['someone-else@example.org']);
    expect(wrong.certificate).toEqual({ kind: 'transcript' });
    expect(wrong.verify_errors_code).toContain('E025');
  });

  it('leaves what it cannot find unmarked: an unknown id is E999, with no certificate', async () => {
    const r = await verifyById('no-such-document');
    expect(r.verify_errors_code).toEqual(['E999']);
    expect(r.certificate).toBeUndefined();
  });
});
