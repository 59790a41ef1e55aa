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

/** English is the source catalogue; the catalogue test holds the other eight to its keys. */
export type Catalogue = typeof en;

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
