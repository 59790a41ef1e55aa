import { useEffect, useMemo, useRef } from 'react';
import { confirmAction } from '../stores/dialogs';
import type { NoticeTab } from './types';
import { useNoticeList } from './use-notice-list';
import { ThaiText } from '../lib/ThaiText';

export interface PanelLabels {
  title: string;
  tabsLabel: string;
  tabAll: string;
  tabAwarded: string;
  tabCompleted: string;
  empty: string;
  noMore: string;
  loading: string;
  error: string;
  refresh: string;
  unread: string;
  deleteOne: string;
  deleteAll: string;
  deleteAllTitle: string;
  deleteAllText: string;
  cancel: string;
}

/** Pixels before the end at which the next page is asked for, so scrolling rarely waits. */
const AHEAD = 160;

/** The notification panel (spec §2): three tabs, infinite scroll, delete one, delete all. */
export default function NotificationPanel({ id, lang, labels }: { id: string; lang: string; labels: PanelLabels }) {
  const list = useNoticeList();
  const { tab } = list;
  const scroller = useRef<HTMLDivElement>(null);
  const when = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }), [lang]);
  const { hasMore, loadMore } = list;

  // After each page: if the list still does not fill the box, the next page is needed too.
  const nearEnd = () => {
    const el = scroller.current;
    return !!el && el.scrollTop + el.clientHeight >= el.scrollHeight - AHEAD;
  };
  useEffect(() => {
    if (hasMore && nearEnd()) loadMore();
  }, [hasMore, loadMore]);

  const deleteAll = async () => {
    const yes = await confirmAction({
      title: labels.deleteAllTitle,
      text: labels.deleteAllText,
      closeButton: { visible: true, text: labels.cancel },
      actionButton: { visible: true, text: labels.deleteAll, color: 'danger' },
    });
    if (yes) await list.removeAll();
  };

  const tabs: [NoticeTab, string][] = [
    [0, labels.tabAll],
    [1, labels.tabAwarded],
    [2, labels.tabCompleted],
  ];
  return (
    <section id={id} className="notice-panel" aria-label={labels.title}>
      <div className="notice-head">
        <h2>
          <ThaiText text={labels.title} />
        </h2>
        <button type="button" className="link-btn" disabled={list.items.length === 0} onClick={() => void deleteAll()}>
          <ThaiText text={labels.deleteAll} />
        </button>
      </div>
      <div className="notice-tabs" role="tablist" aria-label={labels.tabsLabel}>
        {tabs.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${id}-tab-${value}`}
            aria-selected={tab === value}
            aria-controls={`${id}-list`}
            onClick={() => list.selectTab(value)}
          >
            <ThaiText text={label} />
          </button>
        ))}
      </div>
      <div
        id={`${id}-list`}
        className="notice-list"
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        aria-busy={list.phase === 'loading'}
        ref={scroller}
        tabIndex={0}
        onScroll={() => hasMore && nearEnd() && loadMore()}
      >
        {list.items.length > 0 && (
          <ul>
            {list.items.map((n) => (
              <li key={n.id} className="notice-item" data-id={n.id} data-read={n.is_read}>
                <a href={n.url}>
                  {!n.is_read && (
                    <span className="notice-new">
                      <ThaiText text={labels.unread} />
                    </span>
                  )}
                  <span dir="auto">{n.message}</span>
                  <time dateTime={n.create_date}>{when.format(new Date(n.create_date))}</time>
                </a>
                <button
                  type="button"
                  className="notice-delete"
                  aria-label={labels.deleteOne}
                  onClick={() => void list.remove(n.id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="notice-state" role="status">
          {list.phase === 'loading' && labels.loading}
          {list.phase === 'ready' && list.items.length === 0 && labels.empty}
          {list.phase === 'ready' && list.items.length > 0 && !list.hasMore && labels.noMore}
        </p>
        {list.phase === 'error' && (
          <div className="notice-error" role="alert">
            <p>
              <ThaiText text={labels.error} />
            </p>
            <button type="button" className="btn" onClick={list.reload}>
              <ThaiText text={labels.refresh} />
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
