import { env } from 'cloudflare:workers';
import { PDFDocument } from '@pdfme/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import ja from '../../src/i18n/locales/ja.json';
import { TRANSCRIPT_COLUMNS, transcriptCell } from '../../src/lib/transcript';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { transcriptColumns } from '../../src/server/certificates/pdf-transcript';
import { pdfPageText } from '../support/pdf-text';
import { docRow, seedDoc, seedIssuer, seedOwner } from './acad-helpers';

/*
 * Issue 35, item 3 (b, c): a transcript's PDF prints the GPA and totals, its columns in the order
 * the page shows them (src/lib/transcript.ts), and every field whole: the signer line
 * "Registrar, Sakura Institute of Techn…" was cut at 200 points, and so were long titles, names,
 * course names and terms. Text is read back through the fonts' ToUnicode maps.
 */

type Issuer = Awaited<ReturnType<typeof seedIssuer>>;
type Owner = Awaited<ReturnType<typeof seedOwner>>;

/** The demo transcript's rows (scripts/demo-data.mjs): its PDF prints GPA 3.91. */
const DEMO_ROWS = [
  { course: 'Linear Algebra', credits: 2, grade: 'A', term: '2020 Spring' },
  { course: 'Programming Fundamentals', credits: 2, grade: 'A+', term: '2020 Spring' },
  { course: 'Data Structures and Algorithms', credits: 2, grade: 'B+', term: '2021 Fall' },
  { course: 'Introduction to Machine Learning', credits: 2, grade: 'A', term: '2022 Spring' },
  { course: 'Graduation Thesis', credits: 8, grade: 'A', term: '2023' },
];
const SIGNER = 'Registrar, Sakura Institute of Technology';

/** Every page's text, read in drawing order and joined (runs of one line are drawn one by one). */
async function printedText(id: string) {
  await buildAcadDocPdf(env, id, Date.now());
  const row = await docRow(id);
  expect(row?.pdf_state).toBe('ready');
  const obj = await env.BUCKET.get(row?.pdf_key ?? '');
  const bytes = new Uint8Array(await (obj as R2ObjectBody).arrayBuffer());
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  const shown = (await Promise.all([...Array(pages).keys()].map((i) => pdfPageText(bytes, i)))).flat();
  expect(shown.some((s) => s.missingGlyph)).toBe(false);
  return shown.map((s) => s.text).join('');
}
/** Wrapped lines lose the space they broke at: compare without white space. */
const squeezed = (s: string) => s.replace(/\s+/g, '');

describe('a transcript PDF prints its GPA and totals, in the page’s column order', () => {
  let issuer: Issuer;
  let owner: Owner;
  beforeAll(async () => {
    issuer = await seedIssuer('Sakura Institute of Technology');
    owner = await seedOwner();
  });

  it('prints the demo transcript’s GPA 3.91, its totals and the whole signer line', async () => {
    const { docId } = await seedDoc(issuer, owner, {
      kind: 'transcript',
      language: 'en',
      name: 'Hanako Yamada',
      title: 'Academic Transcript 2020-2024',
      rows: DEMO_ROWS,
      layout: 'modern',
      signer: { name: SIGNER, title: 'Registrar' },
    });
    const text = await printedText(docId);
    expect(text).toContain('GPA: 3.91');
    expect(text).toContain('Total credits: 16');
    expect(text).toContain('Courses: 5');
    expect(squeezed(text)).toContain(squeezed(SIGNER));
    expect(text).not.toContain('…');
  });

  it('draws the columns in TRANSCRIPT_COLUMNS’ order, left to right, header and rows alike', async () => {
    const boxes = transcriptColumns();
    expect(boxes.map((b) => b.key)).toEqual(TRANSCRIPT_COLUMNS.map((c) => c.key));
    expect(boxes.map((b) => b.key)).toEqual(['course', 'credits', 'grade', 'term']);
    for (const [i, b] of boxes.entries()) {
      expect(b.w).toBeGreaterThan(0);
      const next = boxes[i + 1];
      if (next) expect(b.x + b.w).toBeLessThan(next.x);
    }
    expect(boxes[0]?.x).toBeGreaterThanOrEqual(48);
    const last = boxes.at(-1);
    expect((last?.x ?? 0) + (last?.w ?? 0)).toBeLessThanOrEqual(595 - 48);

    const { docId } = await seedDoc(issuer, owner, { kind: 'transcript', language: 'ja', rows: DEMO_ROWS });
    const text = await printedText(docId);
    const header = TRANSCRIPT_COLUMNS.map((c) => ja.certificate_pdf[`col_${c.key}`]).join('');
    expect(text).toContain(header);
    for (const r of DEMO_ROWS)
      expect(text).toContain(TRANSCRIPT_COLUMNS.map((c) => transcriptCell('ja', r, c.key)).join(''));
    expect(en.certificate_pdf.col_course).toBe('Course');
  });
});

describe('every field of a certificate PDF is printed whole (issue 35)', () => {
  let issuer: Issuer;
  let owner: Owner;
  beforeAll(async () => {
    issuer = await seedIssuer();
    owner = await seedOwner();
  });

  const LONG = {
    signer:
      'Professor Emeritus Dr. Ichiro Sakurai, Registrar and Dean of Academic Affairs, Sakura Institute of Technology',
    signerTitle: 'Registrar of the Graduate School of Engineering and Information Sciences, Tokyo Campus',
    title:
      'Bachelor of Science in Information Engineering with a Minor in Applied Mathematics and Statistics, Honours Programme, Class of 2024',
    name: 'Hanako Alexandra Maria-Theresa Yamada-Fitzgerald-Montgomery van der Berg',
    heading: 'Official Academic Transcript of Record for the Undergraduate Programme',
    course:
      'Advanced Topics in Distributed Systems, Fault-Tolerant Consensus Protocols and Their Formal Verification with Model Checking',
    term: '2023 Autumn Semester (Exchange at Universität Heidelberg)',
    grade: 'Passed with merit',
    detail: 'Department of Computer Science and Engineering, Division of Intelligent Information Systems',
  };

  it('a transcript: signer, title, name, heading, course, term, grade and details, none cut', async () => {
    const { docId } = await seedDoc(issuer, owner, {
      kind: 'transcript',
      language: 'en',
      name: LONG.name,
      title: LONG.title,
      heading: LONG.heading,
      details: { 'Department and division of the faculty of engineering': LONG.detail },
      rows: [
        { course: LONG.course, credits: 4, grade: LONG.grade, term: LONG.term },
        ...DEMO_ROWS,
        {
          course: 'データ構造とアルゴリズムおよび計算複雑性理論の発展的話題と演習（集中講義）',
          credits: 2,
          grade: 'A',
          term: '2024年度前期',
        },
      ],
      signer: { name: LONG.signer, title: LONG.signerTitle },
    });
    const text = squeezed(await printedText(docId));
    for (const s of Object.values(LONG)) expect(text).toContain(squeezed(s));
    expect(text).toContain('データ構造とアルゴリズムおよび計算複雑性理論の発展的話題と演習（集中講義）');
    expect(text).toContain(squeezed('Department and division of the faculty of engineering'));
    expect(text).toContain(squeezed('Issued by 東京工科大学 Tokyo Tech Academy'));
    expect(text).not.toContain('…');
  });

  it('a diploma (landscape): signer, title, name and heading, none cut; a Japanese signer too', async () => {
    const jaSigner = '学校法人桜学園 桜工業大学 大学院工学研究科および情報科学研究科 教務部長 兼 学長補佐 桜井 一郎';
    const { docId } = await seedDoc(issuer, owner, {
      kind: 'diploma',
      language: 'ja',
      name: '山田 花子',
      title: LONG.title,
      heading: LONG.heading,
      signer: { name: jaSigner, title: LONG.signerTitle },
    });
    const text = squeezed(await printedText(docId));
    for (const s of [jaSigner, LONG.signerTitle, LONG.title, LONG.heading, '山田 花子'])
      expect(text).toContain(squeezed(s));
    expect(text).not.toContain('…');
  });
});
