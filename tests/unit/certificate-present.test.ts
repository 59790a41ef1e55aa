import { describe, expect, it } from 'vitest';
import { headingOf, readDetails, readRows, totalsOf } from '../../src/server/certificates/present';

describe('reading a stored certificate for its pages', () => {
  it('keeps the details in the issuer’s order, as text, without nested values', () => {
    expect(readDetails('{"Degree":"BSc","GPA":3.8,"Honours":true,"x":{"y":1},"n":null}')).toEqual([
      { label: 'Degree', value: 'BSc' },
      { label: 'GPA', value: '3.8' },
      { label: 'Honours', value: 'true' },
      { label: 'n', value: '' },
    ]);
    expect(readDetails('not json')).toEqual([]);
    expect(readDetails('[1,2]')).toEqual([]);
  });

  it('reads transcript rows leniently and totals them without drifting', () => {
    const rows = readRows(
      JSON.stringify([
        { course: 'A', credits: 0.1, grade: 'A', term: '1' },
        { course: 'B', credits: '0.2', grade: 'B' },
        'junk',
        { course: 'C', credits: 'n/a', grade: 'P', term: '2' },
      ]),
    );
    expect(rows).toEqual([
      { course: 'A', credits: 0.1, grade: 'A', term: '1' },
      { course: 'B', credits: 0.2, grade: 'B', term: '' },
      { course: 'C', credits: null, grade: 'P', term: '2' },
    ]);
    expect(totalsOf(rows)).toEqual({ courses: 3, credits: 0.3 });
    expect(readRows(null)).toEqual([]);
  });

  it('takes the heading in the document’s language, else the template’s first', () => {
    const t = { headingsJson: '{"ja":"学位記","en":"Diploma"}', templateLanguagesJson: '["ja","en"]' };
    expect(headingOf({ ...t, language: 'en' })).toBe('Diploma');
    expect(headingOf({ ...t, language: 'th' })).toBe('学位記');
    expect(headingOf({ headingsJson: null, templateLanguagesJson: null, language: 'en' })).toBeNull();
  });
});
