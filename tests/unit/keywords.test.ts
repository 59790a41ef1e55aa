import { describe, expect, it } from 'vitest';
import { ftsQuery, likePattern, splitKeywords } from '../../src/server/discovery/keywords';
import { listHref, pageParam } from '../../src/server/discovery/page-params';

describe('search keywords (spec §5)', () => {
  it('splits on ASCII and ideographic spaces, drops repeats, and sorts words by what can serve them', () => {
    expect(splitKeywords('ロボット　入門  AI robot robot')).toEqual({
      long: ['ロボット', 'robot'],
      short: ['入門', 'AI'],
    });
    expect(splitKeywords(['数学 物理', 'Python'])).toEqual({ long: ['Python'], short: ['数学', '物理'] });
    // Characters, not UTF-16 units: an emoji pair is 2 characters, so it goes to LIKE.
    expect(splitKeywords('🤖🧠').short).toEqual(['🤖🧠']);
    expect(splitKeywords('   ')).toEqual({ long: [], short: [] });
    expect(splitKeywords('a b c d e f g h i j k l').short).toHaveLength(10);
  });

  it('quotes every FTS word and escapes LIKE wildcards', () => {
    expect(ftsQuery(['robot', 'say "hi"'])).toBe('"robot" AND "say ""hi"""');
    expect(likePattern('100%_\\')).toBe('%100\\%\\_\\\\%');
  });
});

describe('list addresses', () => {
  it('reads the page safely and writes sort and page only when they differ from the defaults', () => {
    expect(pageParam(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['page=0', 'page=-2', 'page=abc', 'page=1e9', '']) {
      expect(pageParam(new URLSearchParams(bad))).toBeLessThanOrEqual(10_000);
      expect(pageParam(new URLSearchParams(bad))).toBeGreaterThanOrEqual(1);
    }
    expect(listHref('/x', 1, null)).toBe('/x');
    expect(listHref('/x', 2, 'desc')).toBe('/x?sort=desc&page=2');
  });
});
