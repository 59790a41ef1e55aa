import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import ja from '../../src/i18n/locales/ja.json';
import { TranscriptTable, type TranscriptTableLabels } from '../../src/islands/certificates/TranscriptTable';
import { TRANSCRIPT_COLUMNS } from '../../src/lib/transcript';

/*
 * Issue 35, item 3 (b): the certificate page's transcript table shows the PDF's columns in the
 * PDF's order (TRANSCRIPT_COLUMNS: the PDF draws its header and cells from the same list, see
 * tests/integration/acad-pdf-whole.test.ts), and under them the totals and GPA the PDF prints.
 */
const rows = [
  { course: 'Linear Algebra', credits: 2, grade: 'A', term: '2020 Spring' },
  { course: 'Graduation Thesis', credits: 8, grade: 'A', term: '2023' },
  { course: 'Seminar', credits: null, grade: 'P', term: '2023' },
];
const labels = (c: typeof en, gpa: string | null): TranscriptTableLabels => ({
  columns: {
    course: c.certificates.course,
    credits: c.certificates.credits,
    grade: c.certificates.grade,
    term: c.certificates.term,
  },
  total: c.certificates.total,
  totals: { course: c.certificates.total_courses.replace('{{count}}', '3'), credits: '10', grade: gpa },
});

const texts = (cells: HTMLElement[]) => cells.map((c) => c.textContent);

describe('TranscriptTable', () => {
  it('heads its columns in the PDF’s order: course, credits, grade, term', () => {
    render(<TranscriptTable rows={rows} lang="en" labels={labels(en, 'GPA: 4.00')} />);
    const head = within(screen.getAllByRole('rowgroup')[0] as HTMLElement).getAllByRole('columnheader');
    expect(texts(head)).toEqual(TRANSCRIPT_COLUMNS.map((c) => en.certificates[c.key]));
    expect(texts(head)).toEqual(['Course', 'Credits', 'Grade', 'Term']);
    // The PDF's labels name the same columns in the same order.
    expect(TRANSCRIPT_COLUMNS.map((c) => en.certificate_pdf[`col_${c.key}`])).toEqual(texts(head));
  });

  it('fills each row in that order, credits right-aligned, an unreadable credit value empty', () => {
    render(<TranscriptTable rows={rows} lang="ja" labels={labels(ja as typeof en, null)} />);
    const body = screen.getAllByRole('row').slice(1, 4);
    expect(body.map((r) => texts(within(r).getAllByRole('cell')))).toEqual([
      ['Linear Algebra', '2', 'A', '2020 Spring'],
      ['Graduation Thesis', '8', 'A', '2023'],
      ['Seminar', '', 'P', '2023'],
    ]);
    const credits = within(body[0] as HTMLElement).getAllByRole('cell')[1];
    expect(credits?.className).toBe('num');
  });

  it('ends with the totals and the GPA the PDF prints, each under its column', () => {
    render(<TranscriptTable rows={rows} lang="en" labels={labels(en, 'GPA: 3.91')} />);
    const foot = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(within(foot).getByRole('rowheader').textContent).toBe('Total 3 courses');
    expect(texts(within(foot).getAllByRole('cell'))).toEqual(['10', 'GPA: 3.91', '']);
    expect(screen.getByText('3 courses')).toBeTruthy();
  });

  it('shows no footer without totals, and no GPA cell text when none applies', () => {
    const { container, unmount } = render(
      <TranscriptTable rows={rows} lang="en" labels={{ ...labels(en, null), totals: null }} />,
    );
    expect(container.querySelector('tfoot')).toBeNull();
    unmount();
    render(<TranscriptTable rows={rows} lang="en" labels={labels(en, null)} />);
    const foot = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(texts(within(foot).getAllByRole('cell'))).toEqual(['10', '', '']);
  });
});
