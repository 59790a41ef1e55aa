import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_COLUMNS, formatCredits, formatGpa, transcriptCell } from '../../src/lib/transcript';
import { gpaOf, readRows, totalsOf } from '../../src/server/certificates/present';

/*
 * Issue 35, item 3 (b): one definition of a transcript's columns for its page and its PDF, and the
 * page's totals and GPA computed by the PDF's own rules (totals in tenths, gpa.ts).
 */
describe('the transcript columns shared by the page and the PDF (src/lib/transcript.ts)', () => {
  it('are the PDF’s columns in the PDF’s order: course, credits, grade, term', () => {
    expect(TRANSCRIPT_COLUMNS.map((c) => c.key)).toEqual(['course', 'credits', 'grade', 'term']);
    expect(TRANSCRIPT_COLUMNS.map((c) => c.align)).toEqual(['start', 'end', 'centre', 'start']);
  });

  it('writes each cell once for both: credits in the language’s digits, the rest as written', () => {
    const row = { course: '線形代数', credits: 2.5, grade: 'A+', term: '2020年度前期' };
    expect(TRANSCRIPT_COLUMNS.map((c) => transcriptCell('ja', row, c.key))).toEqual([
      '線形代数',
      '2.5',
      'A+',
      '2020年度前期',
    ]);
    expect(transcriptCell('id', row, 'credits')).toBe('2,5');
    expect(transcriptCell('bn-BD', { ...row, credits: 16 }, 'credits')).toBe('১৬');
    expect(transcriptCell('en', { ...row, credits: null }, 'credits')).toBe('');
    expect(formatCredits('en', 16)).toBe('16');
    expect(formatGpa('en', 3.9125)).toBe('3.91');
    expect(formatGpa('en', 4)).toBe('4.00');
  });
});

describe('a transcript page’s totals and GPA, by the PDF’s rules', () => {
  /** The demo transcript (scripts/demo-data.mjs), whose PDF prints GPA 3.91. */
  const demo = JSON.stringify([
    { course: 'Linear Algebra', credits: 2, grade: 'A', term: '2020 Spring' },
    { course: 'Programming Fundamentals', credits: 2, grade: 'A+', term: '2020 Spring' },
    { course: 'Data Structures and Algorithms', credits: 2, grade: 'B+', term: '2021 Fall' },
    { course: 'Introduction to Machine Learning', credits: 2, grade: 'A', term: '2022 Spring' },
    { course: 'Graduation Thesis', credits: 8, grade: 'A', term: '2023' },
  ]);

  it('gives the demo transcript the PDF’s GPA 3.91 and its totals', () => {
    const rows = readRows(demo);
    expect(totalsOf(rows)).toEqual({ courses: 5, credits: 16 });
    expect(gpaOf(rows)).toBe(3.91);
    expect(formatGpa('ja', gpaOf(rows) ?? 0)).toBe('3.91');
  });

  it('counts an unreadable credit value as no credits, in totals and GPA weights alike', () => {
    const rows = readRows(
      JSON.stringify([
        { course: 'A', credits: 'n/a', grade: 'A' },
        { course: 'B', credits: 2, grade: 'C' },
      ]),
    );
    expect(totalsOf(rows)).toEqual({ courses: 2, credits: 2 });
    expect(gpaOf(rows)).toBe(2);
    expect(gpaOf(readRows(JSON.stringify([{ course: 'A', credits: 2, grade: 'P' }])))).toBeNull();
  });
});
