import i18next, { type TFunction } from 'i18next';
import { CATALOGUES } from './catalogues';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

export type Translate = TFunction<'translation', undefined>;

/**
 * One i18next instance holds the (immutable) catalogues. The language is never stored on it:
 * each request gets its own fixed-language function from `translatorFor`, so one isolate can
 * serve many people in many languages at once (architecture rule 2).
 */
const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: CATALOGUES[l] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  lowerCaseLng: false,
  load: 'currentOnly',
  initAsync: false,
  // React and Astro both escape on output; escaping here would double-escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A translate function bound to one language, for one request. */
export function translatorFor(lang: Language): Translate {
  return instance.getFixedT(lang);
}

/** Picks the listed keys for an island's props: islands never receive whole catalogues. */
export function pick<K extends string>(t: Translate, keys: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const [name, key] of Object.entries(keys) as [K, string][]) out[name] = t(key);
  return out;
}
