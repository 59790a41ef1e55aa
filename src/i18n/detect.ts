import { DEFAULT_LANGUAGE, type Language, toLanguage } from './languages';

export interface LanguageSources {
  query: string | null | undefined;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}

export interface DetectedLanguage {
  lang: Language;
  /** True when the choice came from the `language` query and should be remembered in the cookie. */
  fromQuery: boolean;
}

/**
 * Spec §1 and design card decision 6: the `language` query wins, then the 7-day cookie, then the
 * browser's Accept-Language (by quality), then English.
 */
export function detectLanguage(src: LanguageSources): DetectedLanguage {
  const fromQuery = toLanguage(src.query);
  if (fromQuery) return { lang: fromQuery, fromQuery: true };
  const fromCookie = toLanguage(src.cookie);
  if (fromCookie) return { lang: fromCookie, fromQuery: false };
  return { lang: fromAcceptLanguage(src.acceptLanguage) ?? DEFAULT_LANGUAGE, fromQuery: false };
}

function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 512)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of ranked) {
    const lang = toLanguage(tag);
    if (lang) return lang;
  }
  return null;
}
