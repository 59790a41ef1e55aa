import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/i18n/catalogues';
import type { Language } from '../../src/i18n/languages';
import { englishTranslator, translatorFor, type CatalogueSource } from '../../src/i18n/translator';

/*
 * Issue 37: the Worker bundles English only and reads another language's catalogue the first time a
 * request needs it. Read once per isolate, however many requests ask at once; never kept as failed.
 */

const counting = () => {
  const asked: Language[] = [];
  const source: CatalogueSource = (l) => {
    asked.push(l);
    return Promise.resolve(CATALOGUES[l]);
  };
  return { asked, source };
};

describe('catalogues per language', () => {
  it('English needs no read; another language is read once for 50 requests at once', async () => {
    const { asked, source } = counting();
    expect((await translatorFor('en', source))('errors.E503102')).toBe(CATALOGUES.en.errors.E503102);
    const all = await Promise.all(Array.from({ length: 50 }, () => translatorFor('ko', source)));
    expect(new Set(all.map((t) => t('errors.E503102')))).toEqual(new Set([CATALOGUES.ko.errors.E503102]));
    expect(asked).toEqual(['ko']);
    await translatorFor('ko', source);
    expect(asked).toEqual(['ko']);
  });

  it('a catalogue that cannot be read answers in English for that call, and is read again on the next', async () => {
    const failing: CatalogueSource = () => Promise.reject(new Error('asset missing'));
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      expect((await translatorFor('th', failing))('errors.E503102')).toBe(CATALOGUES.en.errors.E503102);
    } finally {
      console.error = log;
    }
    expect(errors).toHaveLength(1);
    const { asked, source } = counting();
    expect((await translatorFor('th', source))('errors.E503102')).toBe(CATALOGUES.th.errors.E503102);
    expect(asked).toEqual(['th']);
  });

  it('English answers at once where no request language exists (error paths)', () => {
    expect(englishTranslator()('errors.E503102')).toBe(CATALOGUES.en.errors.E503102);
  });
});
