import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../src/i18n/detect';
import { htmlLang, LANGUAGES, toLanguage } from '../../src/i18n/languages';

describe('toLanguage', () => {
  it.each([
    ['en', 'en'],
    ['EN-us', 'en'],
    ['ja-JP', 'ja'],
    ['zh-CN', 'zh-cn'],
    ['zh_TW', 'zh-tw'],
    ['zh-Hant-HK', 'zh-tw'],
    ['zh-Hans', 'zh-cn'],
    ['zh', 'zh-cn'],
    ['vn', 'vi'],
    ['vi-VN', 'vi'],
    ['bd', 'bn-BD'],
    ['bn', 'bn-BD'],
    ['bn-BD', 'bn-BD'],
    ['th', 'th'],
    ['ko-KR', 'ko'],
    ['id-ID', 'id'],
  ])('%s -> %s', (raw, lang) => expect(toLanguage(raw)).toBe(lang));

  it.each(['', 'fr', 'de-DE', 'xx-yy', 'a'.repeat(40)])('%s is not supported', (raw) => {
    expect(toLanguage(raw)).toBeNull();
  });

  it('knows exactly the nine languages of the spec', () => {
    expect([...LANGUAGES].sort()).toEqual(['bn-BD', 'en', 'id', 'ja', 'ko', 'th', 'vi', 'zh-cn', 'zh-tw']);
    expect(htmlLang('zh-tw')).toBe('zh-Hant-TW');
  });

  // Moved from chrome.spec.ts (issue 34, item 5), which now renders one language per script family.
  it('gives each language the html lang its pages carry', () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l, htmlLang(l)]))).toEqual({
      en: 'en',
      ja: 'ja',
      'zh-cn': 'zh-Hans-CN',
      ko: 'ko',
      'zh-tw': 'zh-Hant-TW',
      id: 'id',
      th: 'th',
      vi: 'vi',
      'bn-BD': 'bn-BD',
    });
  });
});

describe('detectLanguage (query -> cookie -> Accept-Language -> en)', () => {
  it('prefers the query and says it came from there', () => {
    expect(detectLanguage({ query: 'vn', cookie: 'ja', acceptLanguage: 'ko' })).toEqual({
      lang: 'vi',
      fromQuery: true,
    });
  });

  it('ignores an unknown query and falls to the cookie', () => {
    expect(detectLanguage({ query: 'fr', cookie: 'ja', acceptLanguage: 'ko' })).toEqual({
      lang: 'ja',
      fromQuery: false,
    });
  });

  it('uses Accept-Language by quality, skipping languages it does not have', () => {
    const d = detectLanguage({ query: null, cookie: undefined, acceptLanguage: 'fr;q=1, th;q=0.4, ko;q=0.8' });
    expect(d.lang).toBe('ko');
  });

  it('ignores q=0 and falls back to English', () => {
    expect(detectLanguage({ query: null, cookie: null, acceptLanguage: 'ja;q=0, fr' }).lang).toBe('en');
    expect(detectLanguage({ query: null, cookie: null, acceptLanguage: null }).lang).toBe('en');
  });
});
