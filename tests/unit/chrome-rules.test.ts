import { describe, expect, it } from 'vitest';
import { hashToPath } from '../../src/client/hash-route';
import { initials } from '../../src/lib/initials';
import { maintenanceNoticeVisible, maintenanceWindow } from '../../src/lib/maintenance';
import { parseSiteLinks, regionalLinks, siteLinksOf } from '../../src/lib/service-country';
import { configProblems } from '../../src/server/system/config-check';
import { localVars } from '../../scripts/lib/local-vars.mjs';

// Issue 35: initials take the page language (their order is the name's order there); every script's
// rules are in tests/unit/names.test.ts.
describe('avatar initials (spec §2)', () => {
  it('upper-cases Latin letters', () => expect(initials('john', 'doe', 'en')).toBe('JD'));
  it('keeps other scripts as they are, in the order the page writes the name', () => {
    expect(initials('太郎', '山田', 'en')).toBe('太山');
    expect(initials('민수', '김', 'en')).toBe('민김');
    expect(initials('太郎', '山田', 'ja')).toBe('山太');
    expect(initials('민수', '김', 'ko')).toBe('김민');
  });
  it('handles accents, astral characters and blanks', () => {
    expect(initials('élodie', 'ñuñez', 'en')).toBe('ÉÑ');
    expect(initials('𠮷野', 'x', 'en')).toBe('𠮷X');
    expect(initials(' ', '', 'en')).toBe('');
  });
});

describe('hash-fragment paths (spec §2)', () => {
  const base = '/ns/portal/openbadge';
  it('turns #/path into a path', () => expect(hashToPath(base, '#/assertions?x=1')).toBe(`${base}/assertions?x=1`));
  it('ignores ordinary anchors', () => expect(hashToPath(base, '#main')).toBeNull());
  it('never leaves the site', () => {
    expect(hashToPath(base, '#//evil.com')).toBeNull();
    expect(hashToPath(base, '#/\\evil.com')).toBeNull();
  });
});

describe('maintenance notice (spec §2, §9)', () => {
  // Without MAINTENANCE_WINDOW the spec's window applies.
  const at = (iso: string) => maintenanceNoticeVisible(maintenanceWindow(undefined), Date.parse(iso));
  it('shows from a month ahead until the spare day ends (JST)', () => {
    expect(at('2022-02-01T00:00:00+09:00')).toBe(false);
    expect(at('2022-02-10T00:00:00+09:00')).toBe(true);
    expect(at('2022-03-13T12:00:00+09:00')).toBe(true);
    expect(at('2022-03-14T23:59:00+09:00')).toBe(true);
    expect(at('2022-03-15T00:00:00+09:00')).toBe(false);
  });
});

describe('regional links (service country 1-7)', () => {
  it('gives each country its own pages and falls back to country 1', () => {
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => regionalLinks(n).privacy);
    expect(new Set(all).size).toBe(7);
    expect(regionalLinks(99)).toEqual(regionalLinks(1));
    expect(regionalLinks(null).terms).toContain('/terms');
  });

  it('issue 35: a visitor’s links follow the page language, and the operator’s SITE_LINKS choose the targets', () => {
    // A Thai page with no account no longer leads to the Japanese region; the terms are the wallet's own.
    expect(regionalLinks(null, 'th')).toEqual({
      region: 'th',
      help: 'https://www.lanyard.example/th/help',
      privacy: 'https://www.lanyard.example/th/privacy',
      terms: '/ns/portal/openbadge/terms?language=th',
    });
    // An account's service country still decides its region.
    expect(regionalLinks(2, 'th').region).toBe('kr');
    const parsed = parseSiteLinks(
      JSON.stringify({
        help: 'https://help.example.org/{lang}/',
        privacy: { th: 'https://example.org/th/privacy', '*': 'https://example.org/{region}/privacy?hl={lang}' },
      }),
    );
    expect('links' in parsed).toBe(true);
    const links = 'links' in parsed ? parsed.links : {};
    expect(regionalLinks(null, 'th', links)).toMatchObject({
      help: 'https://help.example.org/th/',
      privacy: 'https://example.org/th/privacy',
    });
    expect(regionalLinks(1, 'zh-tw', links).privacy).toBe('https://example.org/jp/privacy?hl=zh-tw');
    expect(siteLinksOf({ SITE_LINKS: '{"help": "http://insecure.example"}' })).toEqual({});
    for (const bad of [
      '{',
      '[]',
      '{"blog": "https://x.example"}',
      '{"help": "http://x.example"}',
      '{"terms": {"th": 3}}',
    ])
      expect([bad, 'problem' in parseSiteLinks(bad)]).toEqual([bad, true]);
    expect(configProblems({ ...localVars(8787), SITE_LINKS: '{"help": "ftp://x"}' })).toEqual([
      'SITE_LINKS.help: every target must be an https URL or a path on the wallet.',
    ]);
  });
});
