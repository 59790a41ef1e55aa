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
// i18next rewrites a code it is asked for ("zh-cn" becomes "zh-CN") unless every code is lower
// case; keyed as given, Chinese pages silently fell back to English. All codes are lower-cased.
const key = (l: Language) => l.toLowerCase();
void instance.init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [key(l), { translation: CATALOGUES[l] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map(key),
  lowerCaseLng: true,
  load: 'currentOnly',
  initAsync: false,
  // React and Astro both escape on output; escaping here would double-escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A translate function bound to one language, for one request. */
export function translatorFor(lang: Language): Translate {
  return instance.getFixedT(key(lang));
}

/** Picks the listed keys for an island's props: islands never receive whole catalogues. */
export function pick<K extends string>(t: Translate, keys: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const [name, key] of Object.entries(keys) as [K, string][]) out[name] = t(key);
  return out;
}
