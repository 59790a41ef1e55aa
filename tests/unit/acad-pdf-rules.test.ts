import { describe, expect, it } from 'vitest';
import { allTranslators } from '../support/translators';
import { downloadName } from '../../src/lib/file-names';
import { gradePointAverage } from '../../src/server/certificates/gpa';
import { acadPdfName } from '../../src/server/certificates/pdf-language';

const translatorFor = await allTranslators();

const row = (grade: string, credits = 2) => ({ grade, credits });

describe('the GPA a transcript prints (certificates/gpa.ts)', () => {
  it('weights letter grades on the 4.0 scale by credits', () => {
    // (4 × 3 + 3.3 × 2 + 1.7 × 1) / 6 = 3.383…
    expect(gradePointAverage([row('A', 3), row('B+', 2), row('C-', 1)])).toBe(3.38);
    expect(gradePointAverage([row('a'), row(' b ')])).toBe(3.5);
    expect(gradePointAverage([row('F'), row('A+')])).toBe(2);
  });

  it('weights numeric grades on the scale the issuer used', () => {
    expect(gradePointAverage([row('90', 3), row('80', 1)])).toBe(87.5);
    expect(gradePointAverage([row('3.7'), row('3.3')])).toBe(3.5);
  });

  it('skips non-graded rows and prints nothing for mixed scales, no grades or no credits', () => {
    expect(gradePointAverage([row('A'), row('P'), row('Pass'), row('W'), row('')])).toBe(4);
    expect(gradePointAverage([row('A'), row('85')])).toBeNull();
    expect(gradePointAverage([row('P'), row('S')])).toBeNull();
    expect(gradePointAverage([row('A', 0)])).toBeNull();
    expect(gradePointAverage([])).toBeNull();
    expect(gradePointAverage([row('101')])).toBeNull();
  });
});

describe('the name an academic document prints (pdf-language.ts rule 3)', () => {
  const en = translatorFor('en');
  const names = { firstNameEn: 'Hanako', lastNameEn: 'Yamada' };

  it('prints the English names only for an English document whose name is not in Latin script', () => {
    expect(acadPdfName(en, 'en', '山田 花子', names)).toBe('Hanako Yamada');
    expect(acadPdfName(en, 'en', 'Hanako Yamada-Smith', names)).toBe('Hanako Yamada-Smith');
    expect(acadPdfName(en, 'en', 'Zoë Ångström', names)).toBe('Zoë Ångström');
    expect(acadPdfName(translatorFor('ja'), 'ja', '山田 花子', names)).toBe('山田 花子');
  });

  it('keeps the issued name when the owner has no English names, or no account yet', () => {
    expect(acadPdfName(en, 'en', 'สมชาย ใจดี', { firstNameEn: 'Somchai', lastNameEn: null })).toBe('สมชาย ใจดี');
    expect(acadPdfName(en, 'en', 'রহিম উদ্দিন', null)).toBe('রহিম উদ্দিন');
  });
});

describe('the file name of an academic document PDF', () => {
  it('follows the acaddoc pattern', () => {
    expect(downloadName('acaddoc', '学士（工学）', 'pdf', Date.parse('2026-03-20T00:00:00Z'))).toBe(
      'academic_certificate_学士（工学）_20260320.pdf',
    );
  });
});
