import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import BadgeList, { type BadgeListLabels } from '../../src/islands/wallet/BadgeList';

/*
 * Issue 35, item 3 (d), in the one list paged inside an island: when the list shrinks under the
 * page shown (its last badges received or hidden meanwhile), the badge list says the page is past
 * the last and offers the last page, instead of "no badge data" over a list that has badges.
 */
const w = en.wallet;
const labels: BadgeListLabels = {
  notification: en.common.notification,
  fallback: en.common.error_occurred,
  unknown: en.common.unknown_error,
  expired: w.mark_expired,
  revoked: w.mark_revoked,
  public: w.mark_public,
  private: w.mark_private,
  receiving: w.mark_receiving,
  issuedOn: w.issued_on,
  search: w.search,
  sort: w.sort,
  sorts: { '-IssuedOn': w.sort_newest },
  visibility: w.visibility,
  visibilities: [w.filter_all, w.filter_public, w.filter_private, w.filter_unpublishable],
  empty: w.no_badge_data,
  loading: w.loading,
  failed: w.load_failed,
  retry: w.retry,
  receive: w.receive,
  hide: w.hide,
  receiveAll: w.receive_all,
  receivePartial: w.receive_partial,
  pager: { label: w.pages, previous: w.previous, next: w.next, page: w.page_n },
  pastLast: w.past_last_page,
  toLast: w.to_last_page,
};
const page = (total: number) => ({
  status: 200,
  total_count: total,
  total_claimable_badges: 0,
  total_receiving_badges: 0,
  assertions: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('BadgeList past its last page', () => {
  it('says so and goes back to the last page, instead of showing "no badge data"', async () => {
    // 21 badges when the page was made; 20 when page 2 is asked for.
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(page(20))));
    vi.stubGlobal('fetch', fetchMock);
    render(<BadgeList tab="badges" base="/w" lang="en" initial={page(21)} confetti={false} labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const notice = await screen.findByText('There is no page 2: this list ends at page 1.', {}, { timeout: 3000 });
    expect(notice).toBeTruthy();
    expect(screen.queryByText(w.no_badge_data)).toBeNull();
    expect(screen.queryByRole('navigation', { name: w.pages })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the last page (1)' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 3000 });
    const body = JSON.parse(String((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body)) as {
      page: number;
    };
    expect(body.page).toBe(1);
  });
});
