import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { normalizeEmail } from '../../src/lib/email';
import { hashRecipient } from '../../src/server/openbadges/documents';
import { chunk, png, textChunk } from '../support/png';
import { createAccount, unique } from './helpers';
import { JPEG, ROWS, docRow, errorCode, issueDoc, newTemplate, outboxOf, realPng } from './acad-issuing-helpers';
import { b64, issuerCall, newIssuer, PNG, SVG, waitFor } from './issuing-helpers';

const template = (id: string) =>
  env.DB.prepare('SELECT * FROM cert_templates WHERE id = ?').bind(id).first<Record<string, string | null>>();
const object = async (key: string | null | undefined) =>
  new Uint8Array(await ((await env.BUCKET.get(key ?? ''))?.arrayBuffer() ?? new ArrayBuffer(0)));

describe('certificate templates', () => {
  it('stores a template with PNG and JPEG images, metadata dropped, and shows it only to its issuer', async () => {
    const { apiKey } = await newIssuer('Template University');
    const other = await newIssuer('Other College');
    const comment = Uint8Array.of(0xff, 0xfe, 0x00, 0x0c, ...new TextEncoder().encode('35.68N 139'));
    const jpegWithComment = new Uint8Array([...JPEG.subarray(0, 2), ...comment, ...JPEG.subarray(2)]);
    const logo = await realPng(40, 20, textChunk('tEXt', 'Author', 'scanner at home'));
    const { res, id } = await newTemplate(apiKey, {
      logo: `data:image/png;base64,${b64(logo)}`,
      seal: b64(jpegWithComment),
      signature: b64(await realPng(64, 24)),
      fields: ['recipient_name', 'title', 'issued_on', 'signature', 'seal'],
    });
    expect(res.status).toBe(200);
    const row = await template(id);
    expect(row).toMatchObject({ kind: 'diploma', layout: 'classic', languages_json: '["en","ja"]' });
    expect(row?.seal_key).toMatch(/\.jpg$/);
    expect(row?.logo_key).toMatch(/\.png$/);
    expect(new TextDecoder().decode(await object(row?.logo_key))).not.toContain('scanner at home');
    const seal = await object(row?.seal_key);
    expect(seal.length).toBe(JPEG.length);
    expect(new TextDecoder('latin1').decode(seal)).not.toContain('35.68N');

    const mine = await issuerCall(`/cert-templates/${id}`, apiKey, undefined, 'GET');
    expect(mine.json.template).toMatchObject({
      cert_template_id: id,
      headings: { en: 'Diploma', ja: '学位記' },
      fields: ['recipient_name', 'title', 'issued_on', 'signature', 'seal'],
      images: { logo: true, signature: true, seal: true },
      retired: false,
    });
    const list = await issuerCall('/cert-templates', apiKey, undefined, 'GET');
    expect((list.json.templates as { cert_template_id: string }[]).map((t) => t.cert_template_id)).toContain(id);
    const theirs = await issuerCall(`/cert-templates/${id}`, other.apiKey, undefined, 'GET');
    expect([theirs.res.status, errorCode(theirs.json)]).toEqual([422, 'E422105']);
    const noKey = await issuerCall('/cert-templates', 'not-a-key-0123456789', undefined, 'GET');
    expect(noKey.res.status).toBe(401);
  });

  it('refuses template images that are not PNG or JPEG, or broken, or out of bounds (E415105), storing nothing', async () => {
    const { apiKey } = await newIssuer();
    const before = (await env.BUCKET.list({ prefix: 'cert-templates/' })).objects.length;
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    const badCrc = (await realPng()).slice();
    badCrc[40] = (badCrc[40] ?? 0) ^ 0xff;
    const truncatedJpeg = JPEG.subarray(0, JPEG.length - 40);
    const huge = await realPng(2001, 16);
    for (const image of [
      b64(SVG),
      b64(gif),
      b64(PNG),
      b64(badCrc),
      b64(truncatedJpeg),
      b64(huge),
      b64(new Uint8Array(9)),
    ]) {
      const { res, json } = await newTemplate(apiKey, { logo: await realPng().then(b64), seal: image });
      expect({ status: res.status, code: errorCode(json) }).toEqual({ status: 415, code: 'E415105' });
    }
    const notBase64 = await newTemplate(apiKey, { seal: '%%%' });
    expect(notBase64.json.errors).toMatchObject([{ code: 'E400100' }, { field: 'seal' }]);
    // No logo of a refused template was stored: all images are checked before any is written.
    expect((await env.BUCKET.list({ prefix: 'cert-templates/' })).objects.length).toBe(before);
    const apng = await realPng(32, 32, chunk('acTL', new Uint8Array(8)));
    expect(errorCode((await newTemplate(apiKey, { logo: b64(apng) })).json)).toBe('E415105');
  });

  it('IMG-01/02/04/05/11 for template images: polyglot stored clean, huge headers and bad chunks refused, size capped', async () => {
    const { apiKey, issuerId } = await newIssuer();
    const polyglot = await realPng(32, 32, textChunk('tEXt', 'Comment', '<html><script>alert(1)</script>'));
    const { id } = await newTemplate(apiKey, { logo: b64(polyglot) });
    expect(new TextDecoder().decode(await object((await template(id))?.logo_key))).not.toContain('<script>');
    // 2^31-1 a side, 66 bytes: refused from the header, nothing decoded (nor a 30000 px IDAT bomb):
    // an ordinary 415, not a failure of the isolate, and no template row or image object left behind.
    const header = (w: number, h: number) => png(w, h, chunk('IDAT', new Uint8Array(8)));
    const stored = async () => ({
      rows: (
        await env.DB.prepare('SELECT COUNT(*) AS n FROM cert_templates WHERE issuer_id = ?')
          .bind(issuerId)
          .first<{ n: number }>()
      )?.n,
      objects: (await env.BUCKET.list({ prefix: `cert-templates/${issuerId}/` })).objects.length,
    });
    const before = await stored();
    expect(before).toEqual({ rows: 1, objects: 1 });
    for (const bomb of [header(0x7fffffff, 0x7fffffff), header(30000, 30000)]) {
      const refused = await newTemplate(apiKey, { logo: b64(bomb) });
      expect([refused.res.status, errorCode(refused.json)]).toEqual([415, 'E415105']);
    }
    expect(await stored()).toEqual(before);
    const good = await realPng();
    const longer = good.slice();
    longer.set([0, 0, 0x7f, 0xff], 33);
    for (const broken of [good.subarray(0, good.length - 5), longer])
      expect(errorCode((await newTemplate(apiKey, { logo: b64(broken) })).json)).toBe('E415105');
    const tooBig = new Uint8Array(1536 * 1024 + 1);
    tooBig.set(good);
    const over = await newTemplate(apiKey, { logo: b64(tooBig) });
    expect([over.res.status, errorCode(over.json)]).toEqual([413, 'E413100']);
  });

  it('checks headings against languages, transcript-only fields, and printable text (translated)', async () => {
    const { apiKey } = await newIssuer();
    const missing = await newTemplate(apiKey, { languages: ['en', 'th'], headings: { en: 'Diploma' } });
    expect(missing.json.errors).toMatchObject([{ code: 'E400100' }, { field: 'headings' }]);
    const unknownLang = await newTemplate(apiKey, { languages: ['fr'], headings: { fr: 'Diplôme' } });
    expect(unknownLang.res.status).toBe(400);
    const rowsOnDiploma = await newTemplate(apiKey, { fields: ['title', 'rows'] });
    expect(rowsOnDiploma.json.errors).toMatchObject([{ code: 'E400100' }, { field: 'fields' }]);
    const arabic = await issuerCall('/cert-templates?language=ja', apiKey, {
      name: 'Arabic',
      kind: 'completion',
      languages: ['en'],
      headings: { en: 'شهادة إتمام' },
    });
    expect(arabic.res.status).toBe(422);
    expect(arabic.json.errors).toMatchObject([{ code: 'E422107' }]);
    expect((arabic.json.errors as { message: string }[])[0]?.message).toMatch(/^証明書に印刷できない文字.*ش/);
    const thai = await newTemplate(apiKey, {
      kind: 'transcript',
      languages: ['th', 'bn-BD', 'en'],
      headings: { th: 'ใบแสดงผลการศึกษา', 'bn-BD': 'একাডেমিক ট্রান্সক্রিপ্ট', en: 'Transcript' },
    });
    expect(thai.res.status).toBe(200);
    expect(JSON.parse((await template(thai.id))?.fields_json ?? '[]')).toContain('rows');
  });

  it('changes a template; a language its documents use cannot be dropped (E422106); retired means missing', async () => {
    const { apiKey } = await newIssuer();
    const { id } = await newTemplate(apiKey);
    const oldLogo = (await template(id))?.logo_key;
    const patched = await issuerCall(
      `/cert-templates/${id}`,
      apiKey,
      { name: 'Diploma (new seal)', seal: b64(JPEG), logo: null, layout: 'modern' },
      'PATCH',
    );
    expect(patched.res.status).toBe(200);
    const row = await template(id);
    expect(row).toMatchObject({ name: 'Diploma (new seal)', layout: 'modern', logo_key: null });
    expect(row?.seal_key).toMatch(/\.jpg$/);
    await waitFor(async () => (await env.BUCKET.head(oldLogo ?? '')) === null);

    await issueDoc(apiKey, id, `${unique('ja')}@example.test`, { language: 'ja' });
    const drop = await issuerCall(
      `/cert-templates/${id}`,
      apiKey,
      { languages: ['en'], headings: { en: 'D' } },
      'PATCH',
    );
    expect([drop.res.status, errorCode(drop.json)]).toEqual([422, 'E422106']);
    const add = await issuerCall(
      `/cert-templates/${id}`,
      apiKey,
      { languages: ['ja', 'en', 'vi'], headings: { ja: '学位記', en: 'Diploma', vi: 'Bằng tốt nghiệp' } },
      'PATCH',
    );
    expect(add.res.status).toBe(200);
    const kind = await issuerCall(`/cert-templates/${id}`, apiKey, { fields: ['rows'] }, 'PATCH');
    expect(kind.res.status).toBe(400);

    expect((await issuerCall(`/cert-templates/${id}`, apiKey, undefined, 'DELETE')).res.status).toBe(200);
    const again = await issuerCall(`/cert-templates/${id}`, apiKey, undefined, 'DELETE');
    expect(errorCode(again.json)).toBe('E422105');
    const late = await issueDoc(apiKey, id, `${unique('late')}@example.test`);
    expect([late.res.status, errorCode(late.json)]).toEqual([422, 'E422105']);
    expect(errorCode((await issuerCall(`/cert-templates/${id}`, apiKey, { name: 'x' }, 'PATCH')).json)).toBe('E422105');
  });
});

describe('academic documents', () => {
  it('issues the three kinds; the transcript keeps its rows, totals are computed; PDF job and mail queued with it', async () => {
    const { apiKey } = await newIssuer('Kinds University');
    const acct = await createAccount();
    const diploma = await newTemplate(apiKey);
    const completion = await newTemplate(apiKey, {
      kind: 'completion',
      languages: ['en'],
      headings: { en: 'Certificate of Completion' },
    });
    const transcript = await newTemplate(apiKey, { kind: 'transcript', languages: ['ja', 'en'] });
    const d = await issueDoc(apiKey, diploma.id, acct.email, { issued_on: '2024-03-25T10:00:00+09:00' });
    const c = await issueDoc(apiKey, completion.id, acct.email, { title: 'Data Science Bootcamp', kind: 'completion' });
    const t = await issueDoc(apiKey, transcript.id, acct.email, { title: '成績証明書', rows: ROWS });
    for (const x of [d, c, t]) expect(x.res.status).toBe(200);

    const row = await docRow(t.id);
    expect(row).toMatchObject({
      kind: 'transcript',
      language: 'ja',
      account_id: acct.id,
      template_id: transcript.id,
      is_public: 0,
      issuer_name: 'Kinds University',
    });
    expect(row?.recipient_hash).toBe(await hashRecipient(normalizeEmail(acct.email), String(row?.recipient_salt)));
    expect((await docRow(d.id))?.issued_on).toBe(Date.parse('2024-03-25T01:00:00Z'));
    expect(await docRow(c.id)).toMatchObject({ kind: 'completion', language: 'en', rows_json: null });

    const seen = await issuerCall(`/acad-docs/${t.id}`, apiKey, undefined, 'GET');
    expect(seen.json.acad_doc).toMatchObject({
      kind: 'transcript',
      rows: ROWS,
      totals: { courses: 3, credits: 4.5 },
      revoked: false,
    });
    // Printed by the queue in the background: pending until the job has stored the PDF.
    expect(['pending', 'ready']).toContain((seen.json.acad_doc as { pdf_state: string }).pdf_state);
    const jobs = await outboxOf(t.id);
    expect(jobs.map((j) => j.kind)).toEqual(['mail', 'acad_pdf']);
    expect(JSON.parse(jobs[1]?.payload ?? '{}')).toEqual({ docId: t.id });
    const note = await env.DB.prepare(
      'SELECT type, message_key, message_params, url FROM notifications WHERE account_id = ? AND url LIKE ?',
    )
      .bind(acct.id, `%${t.id}`)
      .first();
    expect(note).toMatchObject({
      type: 1,
      message_key: 'notifications.certificate_awarded',
      url: `/ns/portal/openbadge/acaddocs/detail/${t.id}`,
    });
    expect(JSON.parse(String(note?.message_params))).toEqual({ title: '成績証明書', issuer: 'Kinds University' });
  });

  it('mails the recipient in the document language when no account has the address', async () => {
    const { apiKey } = await newIssuer('Mail University');
    const tpl = await newTemplate(apiKey, { languages: ['th', 'en'], headings: { th: 'ปริญญาบัตร', en: 'Diploma' } });
    const to = `${unique('mail')}@example.test`;
    const doc = await issueDoc(apiKey, tpl.id, to, { title: 'วิทยาศาสตรบัณฑิต' });
    expect((await docRow(doc.id))?.account_id).toBeNull();
    const mail = await waitFor(() =>
      env.DB.prepare('SELECT subject, text_body FROM dev_mailbox WHERE to_address = ?')
        .bind(to)
        .first<{ subject: string; text_body: string }>(),
    );
    expect(mail.subject).toBe('คุณได้รับใบรับรอง: วิทยาศาสตรบัณฑิต');
    expect(mail.text_body).toContain('http://127.0.0.1:8787/ns/portal/openbadge/acaddocs');
  });

  it('refuses documents that do not fit their template, or carry unprintable text, writing nothing', async () => {
    const { apiKey } = await newIssuer();
    const other = await newIssuer();
    const diploma = await newTemplate(apiKey);
    const transcript = await newTemplate(apiKey, { kind: 'transcript' });
    const theirs = await newTemplate(other.apiKey);
    const to = `${unique('bad')}@example.test`;
    const cases: [Record<string, unknown>, string, string, number][] = [
      [{}, theirs.id, 'E422105', 422],
      [{}, 'no-such-template', 'E422105', 422],
      [{ kind: 'transcript' }, diploma.id, 'E422106', 422],
      [{ language: 'ko' }, diploma.id, 'E422106', 422],
      [{ rows: ROWS }, diploma.id, 'E422106', 422],
      [{}, transcript.id, 'E400100', 400],
      [{ name: 'محمد علي' }, diploma.id, 'E422107', 422],
      [{ details: { Note: 'great work 🎓' } }, diploma.id, 'E422107', 422],
      [{ rows: [{ course: 'x', credits: 1.25, grade: 'A', term: 't' }] }, transcript.id, 'E400100', 400],
    ];
    for (const [over, tpl, code, status] of cases) {
      const { res, json } = await issueDoc(apiKey, tpl, to, over);
      expect({ over, status: res.status, code: errorCode(json) }).toEqual({ over, status, code });
    }
    const thousands = Array.from({ length: 2000 }, (_, i) => ({
      course: `Course ${i}`,
      credits: 1,
      grade: 'A',
      term: 'T',
    }));
    const big = await issuerCall('/acad-docs?language=ja', apiKey, {
      template_id: transcript.id,
      recipient: to,
      name: 'N',
      title: 'T',
      rows: thousands,
    });
    expect(big.res.status).toBe(400);
    expect(big.json.errors).toMatchObject([
      { code: 'E400100' },
      { field: 'rows', message: '成績の行は300以下にしてください。' },
    ]);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM acad_docs WHERE recipient_email_normalized = ?')
      .bind(to)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
    const ok = await issueDoc(apiKey, diploma.id, to, {
      name: '髙橋 﨑子',
      title: 'ปริญญาตรี',
      details: { বিভাগ: 'গণিত' },
    });
    expect(ok.res.status).toBe(200);
  });

  it('waits for an unknown address and is matched when an account verifies it', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const acct = await createAccount();
    const later = `${unique('later')}@example.test`;
    const doc = await issueDoc(apiKey, tpl.id, later.toUpperCase());
    expect((await docRow(doc.id))?.account_id).toBeNull();
    // Verification (settings) attaches waiting documents in its batch, as it does badges.
    const now = Date.now();
    await env.DB.prepare(
      'INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES (?, ?, ?, ?, NULL, 0, ?)',
    )
      .bind(unique('e'), acct.id, later, later, now)
      .run();
    const { emailsRepo } = await import('../../src/server/settings/emails-repo');
    const repo = emailsRepo(env.DB);
    await env.DB.batch([repo.markVerified(acct.id, later, now), repo.attachAcadDocs(acct.id, later, now)]);
    expect((await docRow(doc.id))?.account_id).toBe(acct.id);
    // Issued after verification: matched at once.
    const next = await issueDoc(apiKey, tpl.id, later);
    expect((await docRow(next.id))?.account_id).toBe(acct.id);
    // Removing the address lets the documents wait again.
    await env.DB.batch([repo.detachAcadDocsOf(acct.id, later, now)]);
    expect((await docRow(doc.id))?.account_id).toBeNull();
  });

  it('revokes with a reason once; deletes once; another issuer sees neither (E404108)', async () => {
    const { apiKey } = await newIssuer();
    const other = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const doc = await issueDoc(apiKey, tpl.id, `${unique('rv')}@example.test`);
    const foreign = await issuerCall(`/acad-docs/${doc.id}/revoke`, other.apiKey, { reason: 'x' });
    expect([foreign.res.status, errorCode(foreign.json)]).toEqual([404, 'E404108']);
    expect(errorCode((await issuerCall(`/acad-docs/${doc.id}`, other.apiKey, undefined, 'GET')).json)).toBe('E404108');
    expect((await issuerCall(`/acad-docs/${doc.id}/revoke`, apiKey, { reason: 'Issued in error' })).res.status).toBe(
      200,
    );
    expect(await docRow(doc.id)).toMatchObject({ revoked_reason: 'Issued in error' });
    const twice = await issuerCall(`/acad-docs/${doc.id}/revoke?language=ko`, apiKey, { reason: 'again' });
    expect(twice.json.errors).toMatchObject([
      { code: 'E409116', message: '이 증명서는 이미 취소되었거나 삭제되었습니다.' },
    ]);
    expect((await issuerCall(`/acad-docs/${doc.id}`, apiKey, undefined, 'DELETE')).res.status).toBe(200);
    expect((await docRow(doc.id))?.deleted_at).not.toBeNull();
    expect(errorCode((await issuerCall(`/acad-docs/${doc.id}`, apiKey, undefined, 'DELETE')).json)).toBe('E409116');
  });

  it('reissues with corrections: a new document replaces the old in one batch; the PDF of the old is removed', async () => {
    const { apiKey } = await newIssuer();
    const acct = await createAccount();
    const tpl = await newTemplate(apiKey, { kind: 'transcript' });
    const doc = await issueDoc(apiKey, tpl.id, acct.email, { rows: ROWS, language: 'ja' });
    // The print job runs once in the background; once it has, the stored PDF is swapped for a marker.
    await waitFor(async () => (await docRow(doc.id))?.pdf_state !== 'pending');
    await env.DB.prepare("UPDATE acad_docs SET pdf_state = 'ready', pdf_key = ? WHERE id = ?")
      .bind(`acad-pdfs/${doc.id}.pdf`, doc.id)
      .run();
    await env.BUCKET.put(`acad-pdfs/${doc.id}.pdf`, '%PDF-1.7');
    const fixed = [...ROWS, { course: 'Thesis', credits: 8, grade: 'A', term: '2025' }];
    const re = await issuerCall(`/acad-docs/${doc.id}/reissue`, apiKey, { name: 'Hanako Yamada-Sato', rows: fixed });
    expect(re.res.status).toBe(200);
    const fresh = re.json.acad_doc_id as string;
    expect(await docRow(fresh)).toMatchObject({
      reissued_from: doc.id,
      name: 'Hanako Yamada-Sato',
      language: 'ja',
      account_id: acct.id,
      issued_on: (await docRow(doc.id))?.issued_on,
    });
    expect((await issuerCall(`/acad-docs/${fresh}`, apiKey, undefined, 'GET')).json.acad_doc).toMatchObject({
      totals: { courses: 4, credits: 12.5 },
    });
    expect((await docRow(doc.id))?.deleted_at).not.toBeNull();
    expect((await outboxOf(fresh)).map((j) => j.kind)).toEqual(['mail', 'acad_pdf']);
    await waitFor(async () => (await env.BUCKET.head(`acad-pdfs/${doc.id}.pdf`)) === null);
    const note = await env.DB.prepare('SELECT message_key FROM notifications WHERE account_id = ? AND url LIKE ?')
      .bind(acct.id, `%${fresh}`)
      .first();
    expect(note).toEqual({ message_key: 'notifications.certificate_reissued' });
    const stale = await issuerCall(`/acad-docs/${doc.id}/reissue`, apiKey, {});
    expect(errorCode(stale.json)).toBe('E409116');
    const otherKind = await newTemplate(apiKey);
    const moved = await issuerCall(`/acad-docs/${fresh}/reissue`, apiKey, { template_id: otherKind.id });
    expect(errorCode(moved.json)).toBe('E422106');
  });
});
