import { env, exports } from 'cloudflare:workers';
import { PDFDocument } from '@pdfme/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { attachedCredentials } from '../../src/server/verify/pdf/attachments';
import { verifyBadge } from '../../src/server/verify/verify';
import { pageOperators, pdfPageText } from '../support/pdf-text';
import { docRow, seedDoc, seedIssuer, seedOwner, transcriptRows } from './acad-helpers';
import { BASE, createAccount, createSession, SAME_ORIGIN } from './helpers';

type Issuer = Awaited<ReturnType<typeof seedIssuer>>;
type Owner = Awaited<ReturnType<typeof seedOwner>>;

async function printed(id: string) {
  await buildAcadDocPdf(env, id, Date.now());
  const row = await docRow(id);
  expect(row?.pdf_state).toBe('ready');
  const obj = await env.BUCKET.get(row?.pdf_key ?? '');
  expect(obj).not.toBeNull();
  return { row, bytes: new Uint8Array(await (obj as R2ObjectBody).arrayBuffer()) };
}

const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

/** A text string as pdf-lib writes it in hex: UTF-16BE with its byte order mark. */
const utf16Hex = (text: string) =>
  `FEFF${[...text].map((c) => (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')).join('')}`;

/** What a reader checks: A4, every font embedded as a subset with its ToUnicode map. */
function fontsOf(bytes: Uint8Array) {
  const s = latin1(bytes);
  return {
    subsets: [...s.matchAll(/\/FontName \/([A-Z]{6})\+([\w-]+)/g)].map((m) => m[2]),
    fontFiles: (s.match(/\/FontFile2 /g) ?? []).length,
    toUnicode: (s.match(/\/ToUnicode /g) ?? []).length,
  };
}

describe('the PDF of an academic document (acad_pdf job)', () => {
  let issuer: Issuer;
  let owner: Owner;
  beforeAll(async () => {
    issuer = await seedIssuer();
    owner = await seedOwner();
  });

  it.each([
    ['ja', '山田 花子', 'データサイエンス修士', 'Noto'],
    ['th', 'สมชาย ใจดี', 'วิทยาศาสตรมหาบัณฑิต สาขาวิทยาการข้อมูล', 'Thai'],
    ['bn-BD', 'রহিম উদ্দিন', 'ডেটা বিজ্ঞানে স্নাতকোত্তর', 'Bengali'],
    ['en', 'Hanako Yamada', 'Master of Data Science', 'Noto'],
  ])(
    'prints a %s diploma: A4, subset fonts, metadata, text, the signed credential attached',
    async (lang, name, title, font) => {
      const { docId } = await seedDoc(issuer, owner, { language: lang, name, title });
      const { row, bytes } = await printed(docId);
      expect(row?.pdf_key).toBe(`acad-docs/${docId}/${row?.updated_at}.pdf`);
      expect(bytes.length).toBeLessThan(300_000);
      const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
      const size = pdf.getPage(0).getSize();
      expect([size.width, size.height].sort()).toEqual([595, 842]);
      expect(pdf.getTitle()).toBe(`${title} – ${name}`);
      expect(pdf.getAuthor()).toBe('東京工科大学 Tokyo Tech Academy');
      expect(pdf.getCreator()).toBe('Lanyard');
      expect(pdf.getKeywords()).toContain('Open Badges 2.0');
      const fonts = fontsOf(bytes);
      expect(fonts.subsets.length).toBeGreaterThanOrEqual(2);
      expect(fonts.subsets.some((f) => f?.includes(font))).toBe(true);
      expect(fonts.fontFiles).toBe(fonts.subsets.length);
      expect(fonts.toUnicode).toBe(fonts.subsets.length);
      const shown = (await pdfPageText(bytes)).map((s) => s.text).join('');
      expect(shown.replace(/\s/g, '')).toContain('TokyoTechAcademy');
      if (lang === 'ja') expect(shown).toContain('山田');
      if (lang === 'bn-BD') {
        // Bengali glyphs are placed one by one (GPOS offsets: TJ) and carry their text as written.
        const ops = await pageOperators(bytes);
        expect(ops).toMatch(/\] TJ/);
        expect(ops).toContain(`/ActualText <${utf16Hex(name)}>`);
      }
      const [jws] = await attachedCredentials(bytes);
      expect(jws).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const report = await verifyBadge(env, { kind: 'jws', text: jws as string }, [owner.email]);
      expect(report.verify_errors_code).toEqual([]);
      expect(report.badge_pass).toBe(true);
    },
  );

  it('prints a 200-row transcript over several pages, each with the table header, then totals and GPA', async () => {
    const rows = transcriptRows(200);
    const { docId } = await seedDoc(issuer, owner, { kind: 'transcript', language: 'ja', rows, layout: 'modern' });
    // How long it takes is a figure of `npm run bench` (bench/acad-pdf.mjs), not a timed assert here.
    const { bytes } = await printed(docId);
    expect(bytes.length).toBeLessThan(300_000);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < pdf.getPageCount(); i += 1) {
      expect(pdf.getPage(i).getSize()).toEqual({ width: 595, height: 842 });
      // Japanese text is drawn in runs, one per font slice: the page's text is read joined.
      const text = (await pdfPageText(bytes, i)).map((x) => x.text).join('');
      expect(text).toContain('科目単位成績学期');
      expect(text).toContain(`${i + 1} / ${pdf.getPageCount()} ページ`);
    }
    const all = (await Promise.all([...Array(pdf.getPageCount()).keys()].map((i) => pdfPageText(bytes, i)))).flat();
    const shown = all.map((x) => x.text).join('');
    expect(shown).toContain('Linear Algebra 200');
    // 200 rows: 50 of 3 credits and 150 of 2; letter grades on the 4.0 scale, weighted by credits.
    expect(shown).toContain('総単位数: 450');
    expect(shown).toContain('科目数: 200');
    expect(shown).toMatch(/GPA（評定平均）: \d\.\d\d/);
    expect(all.some((x) => x.missingGlyph)).toBe(false);
  });

  it('is idempotent: run twice, one object and one state; a revoked document is not printed', async () => {
    const { docId } = await seedDoc(issuer, owner, { kind: 'completion', language: 'en' });
    const first = await printed(docId);
    await buildAcadDocPdf(env, docId, Date.now());
    const again = await printed(docId);
    expect(again.row).toEqual(first.row);
    expect(again.bytes).toEqual(first.bytes);
    const listed = await env.BUCKET.list({ prefix: `acad-docs/${docId}/` });
    expect(listed.objects.map((o) => o.key)).toEqual([first.row?.pdf_key]);

    const revoked = await seedDoc(issuer, owner, { kind: 'completion' });
    await env.DB.prepare('UPDATE acad_docs SET revoked_at = ?, updated_at = updated_at + 1 WHERE id = ?')
      .bind(Date.now(), revoked.docId)
      .run();
    await buildAcadDocPdf(env, revoked.docId, Date.now());
    expect((await docRow(revoked.docId))?.pdf_state).toBe('pending');
    expect((await env.BUCKET.list({ prefix: `acad-docs/${revoked.docId}/` })).objects).toEqual([]);
  });

  it('marks a document without its template failed at once (E422105), and a transient failure only on the last try', async () => {
    const { docId, templateId } = await seedDoc(issuer, owner);
    await env.DB.prepare('UPDATE acad_docs SET template_id = NULL WHERE id = ?').bind(docId).run();
    await buildAcadDocPdf(env, docId, Date.now());
    expect((await docRow(docId))?.pdf_state).toBe('failed');
    expect(templateId).toBeTruthy();

    // A font that cannot be read is transient (the assets binding may fail): retried, then failed.
    const broken = {
      ...env,
      ASSETS: { fetch: () => Promise.resolve(new Response('down', { status: 503 })) },
    } as unknown as Env;
    const other = await seedDoc(issuer, owner, { language: 'ko', name: '김민준', title: '데이터 과학 석사' });
    await expect(buildAcadDocPdf(broken, other.docId, Date.now())).rejects.toThrow();
    expect((await docRow(other.docId))?.pdf_state).toBe('pending');
    await expect(buildAcadDocPdf(broken, other.docId, Date.now(), { final: true })).rejects.toThrow();
    expect((await docRow(other.docId))?.pdf_state).toBe('failed');
  });

  it('prints the version it finds: a document changed while printing is printed again at its new version', async () => {
    const { docId } = await seedDoc(issuer, owner, { kind: 'completion' });
    const before = await docRow(docId);
    // What a reissue or an edit does to the row between the job's read and its update.
    const { acadPrintService } = await import('../../src/server/certificates/pdf-service');
    const print = acadPrintService(env);
    const row = await print.read(docId);
    await env.DB.prepare('UPDATE acad_docs SET updated_at = updated_at + 5 WHERE id = ?').bind(docId).run();
    expect(await print.printAndStore(row as NonNullable<typeof row>, Date.now())).toBe(false);
    expect((await docRow(docId))?.pdf_state).toBe('pending');
    await buildAcadDocPdf(env, docId, Date.now());
    const after = await docRow(docId);
    expect(after?.pdf_state).toBe('ready');
    expect(after?.pdf_key).toBe(`acad-docs/${docId}/${(before?.updated_at ?? 0) + 5}.pdf`);
  });

  describe('AdAssertion/Download/pdf', () => {
    const download = (token: string, id: string) =>
      exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/AdAssertion/Download/pdf`, {
        method: 'POST',
        headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
        body: JSON.stringify({ assertion_id: id }),
      });
    const code = async (res: Response) => ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;
    let token: string;
    beforeAll(async () => {
      token = await createSession(owner.id);
    });

    it('pending 409 with Retry-After, then the PDF; failed 503; file gone 404 E404109', async () => {
      const { docId } = await seedDoc(issuer, owner, { language: 'ja', title: '学士（工学）' });
      const pending = await download(token, docId);
      expect(pending.status).toBe(409);
      expect(pending.headers.get('Retry-After')).toBe('5');
      expect(await code(pending)).toBe('E409117');
      const { bytes } = await printed(docId);
      const res = await download(token, docId);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/pdf');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('Content-Disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent('academic_certificate_学士（工学）_20260320.pdf')}`,
      );
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

      await env.DB.prepare("UPDATE acad_docs SET pdf_state = 'failed' WHERE id = ?").bind(docId).run();
      const failed = await download(token, docId);
      expect([failed.status, await code(failed)]).toEqual([503, 'E503101']);
      await env.DB.prepare("UPDATE acad_docs SET pdf_state = 'ready' WHERE id = ?").bind(docId).run();
      await env.BUCKET.delete((await docRow(docId))?.pdf_key ?? '');
      const gone = await download(token, docId);
      expect([gone.status, await code(gone)]).toEqual([404, 'E404109']);
    });

    it("404 E404108 for someone else's, a missing and a deleted document, 410 E410181 for a revoked one, 401 signed out", async () => {
      const { docId } = await seedDoc(issuer, owner, { kind: 'completion' });
      await printed(docId);
      const stranger = await createAccount();
      const theirs = await download(await createSession(stranger.id), docId);
      expect([theirs.status, await code(theirs)]).toEqual([404, 'E404108']);
      const missing = await download(token, 'no-such-document');
      expect([missing.status, await code(missing)]).toEqual([404, 'E404108']);
      const anonymous = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/AdAssertion/Download/pdf`, {
        method: 'POST',
        headers: SAME_ORIGIN,
        body: JSON.stringify({ assertion_id: docId }),
      });
      expect(anonymous.status).toBe(401);
      // The owner's revoked document is still on their page: its refusal says why (issue 33, item 5).
      for (const [column, answer] of [
        ['revoked_at', [410, 'E410181']],
        ['deleted_at', [404, 'E404108']],
      ] as const) {
        const other = await seedDoc(issuer, owner, { kind: 'completion' });
        await printed(other.docId);
        await env.DB.prepare(`UPDATE acad_docs SET ${column} = ? WHERE id = ?`).bind(Date.now(), other.docId).run();
        const res = await download(token, other.docId);
        expect([res.status, await code(res)]).toEqual(answer);
      }
    });

    it('serves 50 parallel downloads of one PDF, all whole', async () => {
      const { docId } = await seedDoc(issuer, owner, { language: 'th', name: 'สมชาย ใจดี' });
      const { bytes } = await printed(docId);
      const all = await Promise.all(Array.from({ length: 50 }, () => download(token, docId)));
      expect(all.map((r) => r.status)).toEqual(Array(50).fill(200));
      const bodies = await Promise.all(all.map(async (r) => new Uint8Array(await r.arrayBuffer())));
      for (const b of bodies) expect(b).toEqual(bytes);
    });
  });
});
