import bnBD from './locales/bn-BD.json';
import en from './locales/en.json';
import id from './locales/id.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import zhCn from './locales/zh-cn.json';
import zhTw from './locales/zh-tw.json';
import type { Language } from './languages';
import type { Catalogue } from './translator';

/**
 * All nine catalogues, for the tests and scripts that read them whole. The Worker never imports this:
 * it bundles English only and reads the others from its assets (src/i18n/translator.ts).
 */

export const CATALOGUES: Record<Language, Catalogue> = {
  en,
  ja,
  'zh-cn': zhCn,
  ko,
  'zh-tw': zhTw,
  id,
  th,
  vi,
  'bn-BD': bnBD,
};
