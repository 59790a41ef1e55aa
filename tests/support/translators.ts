import { CATALOGUES } from '../../src/i18n/catalogues';
import { LANGUAGES, type Language } from '../../src/i18n/languages';
import { translatorFor, type CatalogueSource, type Translate } from '../../src/i18n/translator';

/**
 * The nine translate functions, loaded once, for tests that call them synchronously. By default the
 * catalogues come from the source files; an integration test passes the Worker's own source.
 */
export async function allTranslators(
  source: CatalogueSource = (l) => Promise.resolve(CATALOGUES[l]),
): Promise<(lang: Language) => Translate> {
  const loaded = new Map(await Promise.all(LANGUAGES.map(async (l) => [l, await translatorFor(l, source)] as const)));
  return (lang) => {
    const t = loaded.get(lang);
    if (!t) throw new Error(`no translator for ${lang}`);
    return t;
  };
}
