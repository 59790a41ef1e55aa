import { call, type ApiResult } from '../lib/api';
import { notices, type NoticePage } from './types';

let pending: Promise<ApiResult<NoticePage>> | null = null;

/** The first page of "All", fetched the moment the bell is pressed, beside the panel's chunk. */
export function startFirstPage(): void {
  pending = call(notices.GetNotifications, {
    already_have_notification_count: 0,
    search: { type: 0 },
  });
}

/** The request the bell started (or a new one when the panel opened another way). */
export function takeFirstPage(): Promise<ApiResult<NoticePage>> {
  if (!pending) startFirstPage();
  const page = pending as Promise<ApiResult<NoticePage>>;
  pending = null;
  return page;
}
