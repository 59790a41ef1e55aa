import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import th from '../../src/i18n/locales/th.json';
import { PastLastPage } from '../../src/islands/lib/PastLastPage';
import { LinkPager, type PagerLabels } from '../../src/islands/search/LinkPager';
import { pagingOf } from '../../src/lib/page-window';

/*
 * Issue 35, item 3 (d): a page past the last says so and leads back to the last page, in the
 * reader's language, instead of a count over an empty list. LinkPager serves the search results,
 * the issuer pages and the skill pages; the certificate list and the public wallet render
 * PastLastPage themselves, and the wallet's badge list (an island) with a button.
 */
const labels = (c: typeof en): PagerLabels => ({
  pages: c.wallet.pages,
  previous: c.wallet.previous,
  next: c.wallet.next,
  pageN: c.wallet.page_n,
  pastLast: c.wallet.past_last_page,
  toLast: c.wallet.to_last_page,
});
const href = (p: number) => `/search?page=${p}`;

describe('LinkPager past the last page', () => {
  it('says there is no such page and links to the last one, with no page buttons', () => {
    render(<LinkPager paging={pagingOf(2, 6, 20)} href={href} labels={labels(en)} />);
    expect(screen.getByText('There is no page 2: this list ends at page 1.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Go to the last page (1)' });
    expect(link.getAttribute('href')).toBe('/search?page=1');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('in Thai too, to the last of several pages', () => {
    render(<LinkPager paging={pagingOf(9, 41, 20)} href={href} labels={labels(th as typeof en)} />);
    expect(screen.getByText(th.wallet.past_last_page.replace('{{page}}', '9').replace('{{last}}', '3'))).toBeTruthy();
    expect(
      screen.getByRole('link', { name: th.wallet.to_last_page.replace('{{last}}', '3') }).getAttribute('href'),
    ).toBe('/search?page=3');
  });

  it('pages as before on pages that exist, and says nothing for an empty list', () => {
    render(<LinkPager paging={pagingOf(2, 41, 20)} href={href} labels={labels(en)} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.queryByTestId('past-last-page')).toBeNull();
    const { container } = render(<LinkPager paging={pagingOf(3, 0, 20)} href={href} labels={labels(en)} />);
    expect(container.textContent).toBe('');
  });
});

describe('PastLastPage in a list paged by an island', () => {
  it('offers a button that goes to the last page', () => {
    const onGo = vi.fn();
    render(<PastLastPage page={4} last={2} labels={labels(en)} onGo={onGo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to the last page (2)' }));
    expect(onGo).toHaveBeenCalledOnce();
  });
});
