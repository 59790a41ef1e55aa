import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../src/islands/lib/api';
import { account, wallet } from '../../src/islands/lib/client';
import { downloadFile } from '../../src/islands/lib/download';
import { $errorDialog } from '../../src/islands/stores/dialogs';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  $errorDialog.set(null);
});

describe('typed calls (spec §7: the body’s status decides)', () => {
  it('posts the JSON body to the route’s full path and answers the typed data', async () => {
    const fetchMock = answer({ status: 200, has_notifications: true });
    vi.stubGlobal('fetch', fetchMock);
    const r = await call(wallet.Notification.CheckUnreadNotifications, {});
    expect(r).toEqual({ ok: true, data: { status: 200, has_notifications: true } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1.0/openbadge/v2/Wallet/Notification/CheckUnreadNotifications');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.credentials).toBe('same-origin');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('reads a failure from the body even when HTTP says 200', async () => {
    const errors = [{ code: 'E401100', resource_key: 'errors.E401100', message: 'Sign in.' }];
    vi.stubGlobal('fetch', answer({ status: 401, errors }));
    expect(await call(account.Login, { email: 'a@example.test', password: 'x' })).toEqual({
      ok: false,
      status: 401,
      errors,
    });
  });

  it('falls back to the HTTP status when the body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502 })),
    );
    expect(await call(wallet.SetConfettiShownOnceStatus, {})).toEqual({ ok: false, status: 502, errors: [] });
  });

  it('a network failure is status 0; an abort rethrows', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await call(wallet.SetConfettiShownOnceStatus, {})).toEqual({ ok: false, status: 0, errors: [] });

    const ctrl = new AbortController();
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      expect(init.signal).toBe(ctrl.signal);
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    vi.stubGlobal('fetch', fetchMock);
    ctrl.abort();
    await expect(call(wallet.Search.FindAllList, { search_keyword: 'x' }, ctrl.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('file downloads through the typed client (spec §8)', () => {
  const labels = { notification: 'Notification', fileNotFound: 'File not found.', unknown: 'Unknown error' };

  it('posts to the download route and shows a JSON error body instead of saving it', async () => {
    const errors = [{ code: 'E404101', resource_key: 'errors.E404101', message: 'No such badge.' }];
    const fetchMock = answer({ status: 404, errors }, 404);
    vi.stubGlobal('fetch', fetchMock);
    expect(await downloadFile(wallet.Download.pdf, { assertion_id: 'abc' }, labels)).toBe(false);
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/api/v1.0/openbadge/v2/Wallet/Download/pdf');
    expect($errorDialog.get()).toEqual({ title: 'Notification', messages: ['No such badge.'] });
  });

  it('a network failure reads as file not found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await downloadFile(wallet.Download.json, { assertion_id: 'abc' }, labels)).toBe(false);
    expect($errorDialog.get()?.messages).toEqual(['File not found.']);
  });
});
