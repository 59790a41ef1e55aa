import type { Language } from '../../i18n/languages';
import { qrPng } from '../images/qr';
import { DEFAULT_FIELDS, transcriptTotals, type TranscriptRow } from '../issuing/templates';
import { gradePointAverage } from './gpa';
import type { AcadPdfInput } from './pdf-input';
import { acadPdfText } from './pdf-text';
import { translator } from '../http/translator';

/** A sample transcript row set: Japanese, Thai and Bengali course names, letter grades. */
function sampleRows(n: number): TranscriptRow[] {
  const courses = ['データ構造とアルゴリズム', 'การเขียนโปรแกรมเชิงวัตถุ', 'ডেটা বিজ্ঞানের ভিত্তি', 'Linear Algebra'];
  const grades = ['A', 'B+', 'A-', 'C', 'B'];
  return Array.from({ length: n }, (_, i) => ({
    course: `${courses[i % courses.length] ?? ''} ${i + 1}`,
    credits: i % 4 === 0 ? 3 : 2,
    grade: grades[i % grades.length] ?? 'A',
    term: `${2021 + (i % 4)} ${i % 2 ? 'Fall' : 'Spring'}`,
  }));
}

/**
 * Renders a sample document without storing anything (the benchmark's dev route): a one-page
 * diploma whose text mixes Japanese, Thai and Bengali, or a transcript of `rows` rows. Answers the
 * time the render took inside the Worker and the PDF's size.
 */
export async function renderSample(env: Env, kind: 'diploma' | 'transcript', rowCount: number, lang: Language = 'ja') {
  const started = performance.now();
  const { renderAcadDocPdf } = await import('./pdf-render');
  const pdf = await renderAcadDocPdf(env, await sampleInput(env, kind, rowCount, lang));
  return { ms: performance.now() - started, bytes: pdf.length };
}

/** The sample document's input: fixed text, rows and date, so the same code draws the same PDF. */
export async function sampleInput(
  env: Env,
  kind: 'diploma' | 'transcript',
  rowCount: number,
  lang: Language = 'ja',
): Promise<AcadPdfInput> {
  const rows = kind === 'transcript' ? sampleRows(rowCount) : [];
  const totals = transcriptTotals(rows);
  const url = `${new URL(env.PUBLIC_BASE_URL).origin}/ns/portal/openbadge/public/acaddocs/detail/sample`;
  return {
    lang,
    kind,
    layout: 'classic',
    fields: new Set(DEFAULT_FIELDS[kind]),
    heading: '学位記 · ปริญญาบัตร · ডিগ্রি সনদ',
    name: '山田 花子 (สมชาย ใจดี / রহিম উদ্দিন)',
    title: 'データサイエンス修士 วิทยาศาสตรมหาบัณฑิต ডেটা বিজ্ঞানে স্নাতকোত্তর',
    issuer: '東京工科大学 Tokyo Tech Academy',
    docId: 'sample',
    details: [
      ['専攻', 'データサイエンス'],
      ['สาขา', 'วิทยาการข้อมูล'],
      ['বিভাগ', 'কম্পিউটার বিজ্ঞান'],
    ],
    rows,
    text: acadPdfText(await translator(env, lang), lang, {
      issuer: '東京工科大学 Tokyo Tech Academy',
      issuedOn: Date.UTC(2026, 2, 20),
      id: 'sample',
      url,
      credits: totals.credits,
      courses: totals.courses,
      gpa: gradePointAverage(rows),
    }),
    signer: { name: '山本 太郎', title: '学長' },
    images: { logo: null, signature: null, seal: null },
    qrPng: await qrPng(url, 240),
    url,
    date: new Date(Date.UTC(2026, 2, 20)),
    credential: { jws: 'eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl', assertion: '{}' },
    // No CLR record: the samples' bytes stay as tests/integration/pdf-same-bytes.test.ts holds them.
    clr: null,
  };
}
