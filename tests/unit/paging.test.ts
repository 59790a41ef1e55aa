import { describe, expect, it } from 'vitest';
import { pagingOf } from '../../src/lib/page-window';

/** Issue 35, item 3 (d): the one rule of every paged list for a page past its last one. */
describe('pagingOf', () => {
  it('says a page past the last of a list with items is so, and which page is the last', () => {
    // The case: 6 certificates, 20 a page, ?page=2.
    expect(pagingOf(2, 6, 20)).toEqual({ page: 2, pages: 1, pastLast: 1 });
    expect(pagingOf(9, 41, 20)).toEqual({ page: 9, pages: 3, pastLast: 3 });
  });

  it('leaves pages that exist alone, and an empty list is one empty page, not "past the end"', () => {
    expect(pagingOf(1, 6, 20)).toEqual({ page: 1, pages: 1, pastLast: null });
    expect(pagingOf(3, 41, 20)).toEqual({ page: 3, pages: 3, pastLast: null });
    expect(pagingOf(2, 40, 20)).toEqual({ page: 2, pages: 2, pastLast: null });
    expect(pagingOf(1, 0, 20)).toEqual({ page: 1, pages: 1, pastLast: null });
    expect(pagingOf(5, 0, 20)).toEqual({ page: 5, pages: 1, pastLast: null });
  });
});
