import i18next, { type i18n, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import en from './locales/en.json';

export type Translate = TFunction<'translation', undefined>;
/** English is the source catalogue; the catalogue test holds the other eight to its keys. */
export type Catalogue = typeof en;
/** Reads a non-English catalogue (the Worker: from its assets, scripts/catalogues.mjs writes them). */
export type CatalogueSource = (lang: Language) => Promise<Catalogue>;

// i18next rewrites a code it is asked for ("zh-cn" becomes "zh-CN") unless every code is lower
// case; keyed as given, Chinese pages silently fell back to English. All codes are lower-cased.
const key = (l: Language) => l.toLowerCase();

/**
 * One i18next instance holds the (immutable) catalogues: English from the bundle, each other
 * language added the first time a request needs it (issue 37: a request uses one of nine, and the
 * nine made a sixth of the Worker). The language is never stored on it: each request gets its own
 * fixed-language function, so one isolate serves many people in many languages at once
 * (architecture rule 2). Made on first use, not at import.
 */
let instance: i18n | null = null;
function catalogues(): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    resources: { [key(DEFAULT_LANGUAGE)]: { translation: en } },
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
  return instance;
}

const loading = new Map<Language, Promise<void>>();

/**
 * A translate function bound to `lang`, for one request or job, its catalogue read once per isolate
 * from `source`. A catalogue that cannot be read is not kept as failed: this call answers in English
 * (the deployment is missing a file, which the next call tries again), never with an error page.
 */
export async function translatorFor(lang: Language, source: CatalogueSource): Promise<Translate> {
  const i = catalogues();
  if (lang === DEFAULT_LANGUAGE || i.hasResourceBundle(key(lang), 'translation')) return i.getFixedT(key(lang));
  let pending = loading.get(lang);
  if (!pending) {
    pending = source(lang).then((c) => void i.addResourceBundle(key(lang), 'translation', c));
    loading.set(lang, pending);
    pending.catch(() => loading.delete(lang));
  }
  try {
    await pending;
    return i.getFixedT(key(lang));
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'catalogue unreadable', lang, error: String(err) }));
    return i.getFixedT(key(DEFAULT_LANGUAGE));
  }
}

/** English, without waiting: the fallback of error answers that have no request language. */
export function englishTranslator(): Translate {
  return catalogues().getFixedT(key(DEFAULT_LANGUAGE));
}

/** Picks the listed keys for an island's props: islands never receive whole catalogues. */
export function pick<K extends string>(t: Translate, keys: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const [name, key] of Object.entries(keys) as [K, string][]) out[name] = t(key);
  return out;
}
