import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/i18n/catalogues';
import { LANGUAGES } from '../../src/i18n/languages';
import { allTranslators } from '../support/translators';

const translatorFor = await allTranslators();

describe('per-request translators', () => {
  it.each(LANGUAGES)('%s answers from its own catalogue, never silently from English', (lang) => {
    const t = translatorFor(lang);
    expect(t('common.close')).toBe(CATALOGUES[lang].common.close);
    expect(t('search.title_for', { q: 'x' })).toBe(CATALOGUES[lang].search.title_for.replace('{{q}}', 'x'));
  });
});
