import { useEffect, useMemo, useRef, useState } from 'react';
import { pagingOf } from '../../lib/page-window';
import { call, handleFailure, type ApiLabels, type ApiResult } from '../lib/api';
import { wallet } from '../lib/client';
import { armConfetti, celebrateOnce } from '../lib/celebrate';
import { PastLastPage, type PastLastLabels } from '../lib/PastLastPage';
import { showError } from '../stores/dialogs';
import { BadgeCard, type CardLabels } from './BadgeCard';
import { Pager } from './Pager';
import type { WalletPage } from './types';
import { ThaiText } from '../lib/ThaiText';

export interface BadgeListLabels extends ApiLabels, CardLabels, PastLastLabels {
  search: string;
  sort: string;
  sorts: Record<string, string>;
  visibility: string;
  visibilities: string[];
  empty: string;
  loading: string;
  failed: string;
  retry: string;
  receive: string;
  hide: string;
  receiveAll: string;
  /** Holds {{received}} and {{total}}. */
  receivePartial: string;
  pager: { label: string; previous: string; next: string; page: string };
}

const PAGE_SIZE = 20;
const DEBOUNCE_MS = 500;

/**
 * The badge list of spec §2: search (debounced), sort, visibility filter, pages of 20. On the
 * "receiving" tab each claimable badge can be received or hidden, or all received at once. The
 * first page arrives rendered by the server; later pages are fetched. A request clears the error
 * state, success fills the list (spec §4 "Lists").
 */
export default function BadgeList({
  tab,
  base,
  lang,
  initial,
  confetti,
  labels,
}: {
  tab: 'badges' | 'receiving';
  base: string;
  lang: string;
  initial: WalletPage;
  /** The account has not seen the first-receipt confetti yet. */
  confetti: boolean;
  labels: BadgeListLabels;
}) {
  useEffect(() => armConfetti(confetti), [confetti]);
  const [data, setData] = useState(initial);
  const [query, setQuery] = useState({ keyword: '', sort: '-IssuedOn', visibility: 0, page: 1 });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [busy, setBusy] = useState<string | null>(null);
  const first = useRef(true);
  const date = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }), [lang]);

  const load = async (q = query, signal?: AbortSignal) => {
    setState('loading');
    const result = await call(
      wallet.FindList,
      {
        sort: q.sort,
        search_keyword: q.keyword,
        search_types: [0, 1],
        visibility: q.visibility,
        page: q.page,
        needRequestAction: tab === 'receiving',
      },
      signal,
    ).catch(() => null);
    if (!result) return;
    if (result.ok) {
      setData(result.data);
      setState('idle');
    } else {
      setState('failed');
      handleFailure(result, labels);
    }
  };

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => void load(query, ctrl.signal), DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  /** One call on claimable badges, `key` (a badge id, or "all") busy meanwhile; failures per spec §8. */
  const run = async <T,>(key: string, request: () => Promise<ApiResult<T>>) => {
    setBusy(key);
    const result = await request();
    setBusy(null);
    if (!result.ok) handleFailure(result, labels);
    return result;
  };
  const receive = async (id: string) => {
    if ((await run(id, () => call(wallet.SetReceiveBadgeFromWallet, { assertion_id: id }))).ok) void celebrateOnce();
    await load();
  };
  const hide = async (id: string) => {
    await run(id, () => call(wallet.SetHideUnacceptedBadge, { assertion_id: id }));
    await load();
  };
  const receiveAll = async () => {
    const result = await run('all', () => call(wallet.SetReceiveAllUnacceptedBadge, {}));
    if (result.ok && result.data.received_count > 0) void celebrateOnce();
    if (result.ok && result.data.received_count < result.data.total_count)
      showError({
        title: labels.notification,
        messages: [
          labels.receivePartial
            .replace('{{received}}', String(result.data.received_count))
            .replace('{{total}}', String(result.data.total_count)),
        ],
      });
    await load();
  };

  // A page past the last (the last badge of the last page received or hidden): said so (issue 35).
  const { pages, pastLast } = pagingOf(query.page, data.total_count, PAGE_SIZE);
  return (
    <div className="stack badge-list" aria-busy={state === 'loading'}>
      <div className="list-tools">
        <label className="field">
          <span>
            <ThaiText text={labels.search} />
          </span>
          <input
            type="search"
            maxLength={200}
            value={query.keyword}
            onChange={(e) => setQuery({ ...query, keyword: e.target.value, page: 1 })}
          />
        </label>
        <label className="field">
          <span>
            <ThaiText text={labels.sort} />
          </span>
          <select value={query.sort} onChange={(e) => setQuery({ ...query, sort: e.target.value, page: 1 })}>
            {Object.entries(labels.sorts).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        {tab === 'badges' && (
          <label className="field">
            <span>
              <ThaiText text={labels.visibility} />
            </span>
            <select
              value={query.visibility}
              onChange={(e) => setQuery({ ...query, visibility: Number(e.target.value), page: 1 })}
            >
              {labels.visibilities.slice(0, 4).map((text, value) => (
                <option key={text} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
        )}
        {tab === 'receiving' && data.total_claimable_badges > 0 && (
          <button type="button" className="btn" disabled={busy !== null} onClick={() => void receiveAll()}>
            <ThaiText text={labels.receiveAll} />
          </button>
        )}
      </div>
      <p role="status" className="list-status">
        {state === 'loading' ? labels.loading : state === 'failed' ? labels.failed : ''}
      </p>
      {state === 'failed' && (
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          <ThaiText text={labels.retry} />
        </button>
      )}
      {pastLast !== null && state === 'idle' ? (
        <PastLastPage
          page={query.page}
          last={pastLast}
          labels={labels}
          onGo={() => setQuery({ ...query, page: pastLast })}
        />
      ) : data.assertions.length === 0 && state === 'idle' ? (
        <p className="empty">
          <ThaiText text={labels.empty} />
        </p>
      ) : (
        <ul className="badge-grid">
          {data.assertions.map((item) => (
            <BadgeCard key={item.id} item={item} base={base} labels={labels} date={date}>
              {tab === 'receiving' && item.accept_status === 0 && (
                <span className="card-actions">
                  <button type="button" className="btn" disabled={busy !== null} onClick={() => void receive(item.id)}>
                    <ThaiText text={labels.receive} />
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy !== null}
                    onClick={() => void hide(item.id)}
                  >
                    <ThaiText text={labels.hide} />
                  </button>
                </span>
              )}
            </BadgeCard>
          ))}
        </ul>
      )}
      {pages > 1 && pastLast === null && (
        <Pager page={query.page} pages={pages} labels={labels.pager} onPage={(page) => setQuery({ ...query, page })} />
      )}
    </div>
  );
}
