import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchPageData } from '../../server/discovery/search-page';
import { pagingOf } from '../../lib/page-window';
import { call } from '../lib/api';
import { wallet } from '../lib/client';
import { BadgeItems, IssuerItems, SkillItems } from './Items';
import { LinkPager, type PagerLabels } from './LinkPager';
import { searchHref } from './links';
import { ThaiText } from '../lib/ThaiText';

export interface SearchLabels extends PagerLabels {
  menu: string;
  all: string;
  badges: string;
  skills: string;
  issuers: string;
  overview: string;
  tabs: string;
  showMore: string;
  sortAsc: string;
  sortDesc: string;
  skillCount: string;
  noResults: string;
  prompt: string;
  searching: string;
  failed: string;
  inputLabel: string;
  placeholder: string;
}

type Data = SearchPageData;
const EMPTY = { badges: [], tags: [], issuers: [], badge_count: 0, skill_count: 0, issuer_count: 0 };
const PER_PAGE = 20;
const DEBOUNCE_MS = 500;

/**
 * The search page (spec §2, §4): left menu, tabs, the overview's first 3 of each kind, and one list
 * per tab with its sort toggle and pages. Rendered on the server from the address, so it is whole
 * without JavaScript; once hydrated, typing a new keyword (here, or in the header's search bar)
 * searches again 500 ms after the last keystroke, cancelling the search before it.
 */
export default function SearchResults({
  initial,
  labels,
  showInput,
}: {
  initial: Data;
  labels: SearchLabels;
  showInput: boolean;
}) {
  const [data, setData] = useState<Data>(initial);
  const [phase, setPhase] = useState<'ready' | 'searching' | 'failed'>('ready');
  const inFlight = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const run = useCallback(async (q: string) => {
    inFlight.current?.abort();
    const query = { q, tab: 0 as const, page: 1, sort: 'asc' as const };
    window.history.replaceState(null, '', searchHref({ q, tab: 0 }));
    // Spec §4: a reset clears the counts, the lists and the page.
    if (!q.trim()) {
      setPhase('ready');
      return setData({ query, overview: EMPTY, list: null });
    }
    const ctrl = new AbortController();
    inFlight.current = ctrl;
    setPhase('searching');
    try {
      const r = await call(wallet.Search.FindAllList, { search_keyword: q }, ctrl.signal);
      if (!r.ok) return setPhase('failed');
      setData({ query, overview: r.data, list: null });
      setPhase('ready');
    } catch {
      // cancelled by a newer keyword
    }
  }, []);
  const schedule = useCallback(
    (q: string) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(q), DEBOUNCE_MS);
    },
    [run],
  );

  // Signed in, the header's search bar (plain HTML) is this page's field.
  useEffect(() => {
    const bar = document.getElementById('header-search');
    if (!(bar instanceof HTMLInputElement)) return;
    const onInput = () => schedule(bar.value);
    bar.addEventListener('input', onInput);
    return () => bar.removeEventListener('input', onInput);
  }, [schedule]);

  const { query, overview, list } = data;
  const counts = { 1: overview.badge_count, 2: overview.skill_count, 3: overview.issuer_count };
  const tabs: [0 | 1 | 2 | 3, string][] = [
    [0, labels.overview],
    [1, labels.badges],
    [2, labels.skills],
    [3, labels.issuers],
  ];
  const menu: [0 | 1 | 2 | 3, string][] = [
    [0, labels.all],
    [1, labels.badges],
    [3, labels.issuers],
    [2, labels.skills],
  ];
  const total = counts[1] + counts[2] + counts[3];
  const tabLink = (tab: 0 | 1 | 2 | 3, label: string, extra = '') =>
    tab === query.tab ? (
      <span className={`tab is-current ${extra}`} aria-current="page">
        <ThaiText text={label} />
      </span>
    ) : tab && counts[tab] === 0 ? (
      // Spec §2: a tab is disabled when its count is 0.
      <span className={`tab ${extra}`} aria-disabled="true">
        <ThaiText text={label} />
      </span>
    ) : (
      <a className={`tab ${extra}`} href={searchHref({ q: query.q, tab })}>
        <ThaiText text={label} />
      </a>
    );
  const withCount = (tab: 0 | 1 | 2 | 3, label: string) => (tab ? `${label} (${counts[tab]})` : label);

  return (
    <div className="search-layout">
      <nav className="search-menu" aria-label={labels.menu}>
        <ul>
          {menu.map(([tab, label]) => (
            <li key={tab}>{tabLink(tab, withCount(tab, label))}</li>
          ))}
        </ul>
      </nav>
      <div className="search-main">
        {showInput && (
          <form className="search-inline" role="search" action={searchHref({ q: '', tab: 0 }).split('?')[0]}>
            <label htmlFor="page-search">
              <ThaiText text={labels.inputLabel} />
            </label>
            <input
              id="page-search"
              name="search_q"
              type="search"
              defaultValue={query.q}
              placeholder={labels.placeholder}
              maxLength={100}
              onInput={(e) => schedule(e.currentTarget.value)}
            />
          </form>
        )}
        <nav className="search-tabs" aria-label={labels.tabs}>
          {tabs.map(([tab, label]) => (
            <span key={tab}>{tabLink(tab, withCount(tab, label))}</span>
          ))}
        </nav>
        <p className="search-status" role="status">
          {phase === 'searching' && labels.searching}
          {phase === 'failed' && labels.failed}
          {phase === 'ready' && !query.q.trim() && labels.prompt}
          {phase === 'ready' && query.q.trim() && total === 0 && labels.noResults.replace('{{q}}', query.q)}
        </p>
        {query.tab === 0 ? (
          <Overview data={data} labels={labels} />
        ) : (
          list && (
            <section aria-labelledby="search-list-heading">
              <div className="list-head">
                <h2 id="search-list-heading">
                  {withCount(query.tab, { 1: labels.badges, 2: labels.skills, 3: labels.issuers }[query.tab])}
                </h2>
                <a
                  className="btn btn-secondary"
                  href={searchHref({ ...query, page: 1, sort: query.sort === 'asc' ? 'desc' : 'asc' })}
                >
                  {query.sort === 'asc' ? labels.sortAsc : labels.sortDesc}
                </a>
              </div>
              <TabList tab={query.tab} items={list.items} labels={labels} />
              <LinkPager
                paging={pagingOf(query.page, list.total_count, PER_PAGE)}
                href={(page) => searchHref({ ...query, page })}
                labels={labels}
              />
            </section>
          )
        )}
      </div>
    </div>
  );
}

function TabList({ tab, items, labels }: { tab: 1 | 2 | 3; items: unknown[]; labels: SearchLabels }) {
  if (tab === 1) return <BadgeItems items={items as Parameters<typeof BadgeItems>[0]['items']} />;
  if (tab === 2)
    return <SkillItems items={items as Parameters<typeof SkillItems>[0]['items']} countLabel={labels.skillCount} />;
  return <IssuerItems items={items as Parameters<typeof IssuerItems>[0]['items']} />;
}

/** Spec §2: the overview shows 3 of each kind, with "show more" when there are more than 3. */
function Overview({ data, labels }: { data: Data; labels: SearchLabels }) {
  const { overview, query } = data;
  const section = (tab: 1 | 2 | 3, title: string, count: number, body: React.ReactNode) =>
    count > 0 && (
      <section className="overview-section" aria-labelledby={`overview-${tab}`}>
        <div className="list-head">
          <h2 id={`overview-${tab}`}>{`${title} (${count})`}</h2>
          {count > 3 && (
            <a className="btn btn-secondary" href={searchHref({ q: query.q, tab })}>
              <ThaiText text={labels.showMore} />
            </a>
          )}
        </div>
        {body}
      </section>
    );
  return (
    <>
      {section(1, labels.badges, overview.badge_count, <BadgeItems items={overview.badges} />)}
      {section(
        2,
        labels.skills,
        overview.skill_count,
        <SkillItems items={overview.tags} countLabel={labels.skillCount} />,
      )}
      {section(3, labels.issuers, overview.issuer_count, <IssuerItems items={overview.issuers} />)}
    </>
  );
}
