import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/i18n/languages';
import bn from '../../src/i18n/locales/bn-BD.json';
import ja from '../../src/i18n/locales/ja.json';
import th from '../../src/i18n/locales/th.json';
import { allTranslators } from '../support/translators';
import { indexHtml, type IndexPage, type IndexRow } from '../../src/server/export/index-html';
import { stateAt } from '../../src/server/export/index-data';
import { readmeText } from '../../src/server/export/readme';
import { wrapThaiWords } from '../../src/i18n/thai-words';

const translatorFor = await allTranslators();

/*
 * Issue 35, item 2: the export's index.html and README.txt in the account's language, with each
 * item's title, issuer, date in the reader's calendar, state and picture. The archive itself is
 * read back in tests/integration/export.test.ts; here the page's rules are held for all nine languages.
 */
const ISSUED = Date.parse('2026-03-20T00:00:00Z');
const VERIFY = 'https://wallet.example/ns/portal/openbadge/verification';

const row = (over: Partial<IndexRow>): IndexRow => ({
  label: 'Badge',
  issuer: 'Issuer',
  issuedOn: ISSUED,
  state: 'valid',
  thumbnail: null,
  files: [],
  ...over,
});

function page(lang: Language): IndexPage {
  return {
    lang,
    exportedAt: ISSUED,
    verifyUrl: VERIFY,
    meta: ['account/profile.json'],
    sections: [
      {
        title: 'Badges',
        rows: [
          row({
            label: '<script>alert(1)</script> "A"',
            issuer: 'Issuer <b>&</b> Co',
            thumbnail: 'badges/b1/badge-baked.png',
            files: ['badges/b1/badge-baked.png', 'badges/b1/assertion-ob2.json'],
          }),
          row({
            label: 'Revoked one',
            state: 'revoked',
            thumbnail: 'images/badges/b2.png',
            files: ['badges/b2/x.json'],
          }),
          row({ label: 'Expired one', state: 'expired', files: ['imported/h1/assertion.json'] }),
        ],
      },
    ],
  };
}

describe('the export index (issue 35, item 2)', () => {
  it('is in the account language, with lang and dir, and Thai dates in the Buddhist era', () => {
    const html = indexHtml(translatorFor('th'), page('th'));
    expect(html).toContain('<html lang="th" dir="ltr">');
    expect(html).toContain(`<h1>${wrapThaiWords(th.export.index.title)}</h1>`);
    expect(html).toContain(`<th scope="col">${wrapThaiWords(th.export.index.item_title)}</th>`);
    // 2026 is 2569 in the Buddhist era, as the wallet's Thai pages write it.
    expect(html).toContain('20 มีนาคม 2569');
    expect(html).not.toContain('2026');
    expect(html).toContain(wrapThaiWords(th.export.index.state_revoked));
    expect(html).toContain(wrapThaiWords(th.export.index.state_expired));
    expect(html).toContain(wrapThaiWords(th.export.index.state_valid));
    // The Thai words the browser would split are kept whole (issue 35, item 6); the title and
    // attributes keep the plain text.
    expect(html).toContain('<span class="thw">เพิกถอน</span>');
    expect(html).toContain(`<title>${th.export.index.title}</title>`);

    const jaHtml = indexHtml(translatorFor('ja'), page('ja'));
    expect(jaHtml).toContain('<html lang="ja" dir="ltr">');
    expect(jaHtml).toContain('2026年3月20日');
    expect(jaHtml).toContain(ja.export.index.state_revoked);
    expect(jaHtml).not.toContain('class="thw"');
    expect(indexHtml(translatorFor('zh-tw'), page('zh-tw'))).toContain('<html lang="zh-Hant-TW" dir="ltr">');
    expect(indexHtml(translatorFor('bn-BD'), page('bn-BD'))).toContain(bn.export.index.state_expired);
  });

  it('marks each state, shows each picture by its relative name, and a placeholder where there is none', () => {
    const html = indexHtml(translatorFor('en'), page('en'));
    const rows = html.match(/<tr class="[a-z]+">.*?<\/tr>/gs) ?? [];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^<tr class="valid">.*<span class="state state-valid">Valid<\/span>/s);
    expect(rows[0]).toContain('<img class="thumb" src="badges/b1/badge-baked.png" alt=""');
    expect(rows[1]).toMatch(/^<tr class="revoked">.*<span class="state state-revoked">Revoked<\/span>/s);
    expect(rows[1]).toContain('src="images/badges/b2.png"');
    expect(rows[2]).toMatch(/^<tr class="expired">.*<span class="state state-expired">Expired<\/span>/s);
    expect(rows[2]).not.toContain('<img');
    expect(rows[2]).toContain('<svg class="thumb" viewBox="0 0 200 200" role="img" aria-label="No image">');
    expect(html).toContain('<a href="README.txt">');
    expect(html).toContain(VERIFY);
  });

  it('escapes every text through the one escaper and links to nothing outside the archive', () => {
    const html = indexHtml(translatorFor('en'), page('en'));
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;A&quot;');
    expect(html).toContain('Issuer &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/@import|url\(|<link/);
  });

  it('names system fonts for every script, no web font', () => {
    const html = indexHtml(translatorFor('th'), page('th'));
    const font = /font-family:([^;]+);/.exec(html)?.[1] ?? '';
    expect(font.indexOf('Noto Sans Thai')).toBeLessThan(font.indexOf('Noto Sans Bengali'));
    for (const family of ['Noto Sans JP', 'Noto Sans KR', 'Noto Sans SC', 'Noto Sans TC', 'sans-serif'])
      expect(font).toContain(family);
    const ko = /font-family:([^;]+);/.exec(indexHtml(translatorFor('ko'), page('ko')))?.[1] ?? '';
    expect(ko.indexOf('Noto Sans KR')).toBeLessThan(ko.indexOf('Noto Sans JP'));
  });

  it('leaves no key untranslated in any of the nine languages, page or README', () => {
    for (const lang of LANGUAGES) {
      const t = translatorFor(lang);
      const text = indexHtml(t, page(lang)) + readmeText(t, lang, ISSUED, VERIFY);
      expect([lang, /export\.(index|readme)\./.test(text)]).toEqual([lang, false]);
    }
  });
});

describe('the export README (issue 35, item 2)', () => {
  it('says what each file and folder is and how to verify, in the account language', () => {
    const text = readmeText(translatorFor('th'), 'th', ISSUED, VERIFY);
    expect(text.startsWith(th.export.readme.title)).toBe(true);
    expect(text).toContain('20 มีนาคม 2569');
    for (const name of ['index.html', 'account/', 'badges/<id>/', 'imported/<id>/', 'certificates/<id>/', 'images/'])
      expect(text).toContain(`\n${name}\n`);
    expect(text).toContain(th.export.readme.verify);
    expect(text).toContain(VERIFY);
    expect(text).toContain(th.export.title);
    expect(text).toContain(th.export.import_title);
    expect(readmeText(translatorFor('ja'), 'ja', ISSUED, VERIFY)).toContain(ja.export.readme.verify_any);
  });
});

describe('an item state', () => {
  it('is revoked before expired, expired from its expiry on, else valid', () => {
    expect(stateAt({ revokedAt: 1, expiresAt: 1, invalid: 1 }, 10)).toBe('revoked');
    // No longer verifying at its last re-check (an imported badge, a held learner record, issue 38).
    expect(stateAt({ revokedAt: null, expiresAt: 10, invalid: 1 }, 10)).toBe('invalid');
    expect(stateAt({ revokedAt: null, expiresAt: 10, invalid: 0 }, 10)).toBe('expired');
    expect(stateAt({ revokedAt: null, expiresAt: 11, invalid: 0 }, 10)).toBe('valid');
    expect(stateAt({ revokedAt: null, expiresAt: null, invalid: 0 }, 10)).toBe('valid');
  });
});
