import { useCallback, useEffect, useRef, useState } from 'react';
import { call, type ApiResult } from '../lib/api';
import { $noticeError, $unread } from '../stores/notifications';
import { takeFirstPage } from './first-page';
import { fetchUnread, mergeNotices, notices, type Notice, type NoticePage, type NoticeTab } from './types';

type Phase = 'loading' | 'ready' | 'error';

/**
 * The panel's list: one tab at a time, pages of 20 on demand, de-duplicated, newest first. Any
 * failure (spec §8: 401/404 on fetch, 401/500 on read or delete) empties the list and sets the
 * error state; `reload` is the panel's refresh.
 */
export function useNoticeList() {
  const [tab, setTab] = useState<NoticeTab>(0);
  const [items, setItems] = useState<Notice[]>([]);
  const [total, setTotal] = useState(0);
  // A failed background check shows as the error state until the person refreshes (spec §8).
  const [phase, setPhase] = useState<Phase>($noticeError.get() ? 'error' : 'loading');
  const held = useRef<Notice[]>([]);
  const latest = useRef(0);

  const show = useCallback((list: Notice[], count: number, next: Phase) => {
    held.current = list;
    setItems(list);
    setTotal(count);
    setPhase(next);
  }, []);
  const fail = useCallback(() => {
    ++latest.current;
    show([], 0, 'error');
  }, [show]);

  /** Everything up to the newest id shown is read: the new-mark goes when nothing unread is left. */
  const markRead = useCallback(
    async (of: NoticeTab, newest: number) => {
      const r = await call(notices.SetNotificationIsRead, { last_id: newest });
      if (!r.ok) return fail();
      if (of === 0) return $unread.set(false);
      const has = await fetchUnread();
      if (has !== null) $unread.set(has);
    },
    [fail],
  );

  /** A page arrived: kept only if no newer request (tab switch, refresh) was made since. */
  const apply = useCallback(
    async (of: NoticeTab, offset: number, request: number, r: ApiResult<NoticePage>) => {
      if (request !== latest.current) return;
      if (!r.ok) return fail();
      $noticeError.set(false);
      show(mergeNotices(held.current, r.data.notifications), r.data.total_count, 'ready');
      const newest = held.current[0];
      if (offset === 0 && newest && r.data.has_notifications) await markRead(of, newest.id);
    },
    [fail, show, markRead],
  );

  /** One page after `offset` rows. */
  const fetchPage = useCallback(
    async (of: NoticeTab, offset: number) => {
      const request = ++latest.current;
      const body = { already_have_notification_count: offset, search: { type: of } };
      await apply(of, offset, request, await call(notices.GetNotifications, body));
    },
    [apply],
  );

  useEffect(() => {
    if ($noticeError.get()) return;
    const request = ++latest.current;
    void takeFirstPage().then((r) => apply(0, 0, request, r));
  }, [apply]);

  const restart = useCallback(
    (of: NoticeTab) => {
      $noticeError.set(false);
      show([], 0, 'loading');
      void fetchPage(of, 0);
    },
    [show, fetchPage],
  );
  const selectTab = useCallback(
    (of: NoticeTab) => {
      setTab(of);
      restart(of);
    },
    [restart],
  );
  const reload = useCallback(() => restart(tab), [restart, tab]);

  const hasMore = phase === 'ready' && items.length < total;
  const loadMore = useCallback(() => {
    if (!hasMore) return;
    setPhase('loading');
    void fetchPage(tab, held.current.length);
  }, [hasMore, fetchPage, tab]);

  const remove = useCallback(
    async (id: number) => {
      const r = await call(notices.DeleteNotification, { notification_ids: [id] });
      if (!r.ok) return fail();
      show(
        held.current.filter((n) => n.id !== id),
        Math.max(0, total - 1),
        'ready',
      );
    },
    [fail, show, total],
  );

  const removeAll = useCallback(async () => {
    const r = await call(notices.DeleteNotification, { is_delete_all: true });
    if (!r.ok) return fail();
    show([], 0, 'ready');
    $unread.set(false);
  }, [fail, show]);

  return { tab, selectTab, items, total, phase, hasMore, loadMore, reload, remove, removeAll };
}
