/** The nine interface languages (spec §1), in the order the language menu lists them. */
export const LANGUAGES = ['en', 'ja', 'zh-cn', 'ko', 'zh-tw', 'id', 'th', 'vi', 'bn-BD'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Spec spellings and common browser tags that mean one of our languages. */
const ALIASES: Record<string, Language> = {
  vn: 'vi',
  bd: 'bn-BD',
  bn: 'bn-BD',
  zh: 'zh-cn',
  'zh-hans': 'zh-cn',
  'zh-sg': 'zh-cn',
  'zh-hant': 'zh-tw',
  'zh-hk': 'zh-tw',
  'zh-mo': 'zh-tw',
  in: 'id',
};

const BY_LOWER = new Map<string, Language>(LANGUAGES.map((l) => [l.toLowerCase(), l]));

/** Maps any spelling (`vn`, `zh-CN`, `ja-JP`, `bn_BD`) to a supported language, or null. */
export function toLanguage(raw: string | null | undefined): Language | null {
  if (!raw) return null;
  const tag = raw.trim().toLowerCase().replace(/_/g, '-');
  if (!tag || tag.length > 35) return null;
  const exact = BY_LOWER.get(tag) ?? ALIASES[tag];
  if (exact) return exact;
  const parts = tag.split('-');
  const script = parts.length > 2 ? `${parts[0]}-${parts[1]}` : '';
  return ALIASES[script] ?? BY_LOWER.get(parts[0] ?? '') ?? ALIASES[parts[0] ?? ''] ?? null;
}

/** BCP 47 tag for `<html lang>` and `hreflang`. */
export function htmlLang(lang: Language): string {
  if (lang === 'zh-cn') return 'zh-Hans-CN';
  if (lang === 'zh-tw') return 'zh-Hant-TW';
  return lang;
}

/** All nine languages are written left to right; kept as a function so a tenth can differ. */
export function textDirection(_lang: Language): 'ltr' | 'rtl' {
  return 'ltr';
}

/** Which of a person's two names comes first: in forms that ask for them and where they are written. */
export type NameOrder = 'family-first' | 'given-first';

/**
 * The name order of each language (issue 35): family name first in Japanese, both Chinese, Korean
 * and Vietnamese (Vietnamese names are written family name first: Nguyễn Văn An, and its forms ask
 * "Họ" before "Tên"); given name first in English, Indonesian, Thai and Bengali. The registration and
 * profile forms order their two fields by it, and `fullName` (src/lib/names.ts) writes names by it.
 */
const NAME_ORDER: Record<Language, NameOrder> = {
  en: 'given-first',
  ja: 'family-first',
  'zh-cn': 'family-first',
  ko: 'family-first',
  'zh-tw': 'family-first',
  id: 'given-first',
  th: 'given-first',
  vi: 'family-first',
  'bn-BD': 'given-first',
};

/** The name order of a page in `lang`. */
export function nameOrder(lang: Language): NameOrder {
  return NAME_ORDER[lang];
}
