import type { Language } from './languages';

/** Each language named in itself, for the language menu (not translated: that is the point). */
export const NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  'zh-cn': '简体中文',
  ko: '한국어',
  'zh-tw': '繁體中文',
  id: 'Bahasa Indonesia',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  'bn-BD': 'বাংলা',
};
