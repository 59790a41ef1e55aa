import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchVersion } from '../../src/client/version-watch';
import AvatarMenu, { type AvatarMenuProps } from '../../src/islands/chrome/AvatarMenu';
import { handleFailure } from '../../src/islands/lib/api';
import { importWithTimeout, ChunkTimeoutError } from '../../src/islands/lib/lazy';
import { $errorDialog } from '../../src/islands/stores/dialogs';

const menu = (over: Partial<AvatarMenuProps> = {}): AvatarMenuProps => ({
  initials: 'HY',
  imageUrl: null,
  name: 'Hanako Yamada',
  email: 'hanako@example.test',
  publicWalletUrl: '/ns/portal/openbadge/public/assertions/user/abc',
  helpUrl: 'https://help.example/jp',
  showSignOut: true,
  labels: {
    open: 'Account menu',
    profile: 'Profile settings',
    publicWallet: 'Public wallet',
    settings: 'Settings',
    help: 'Help',
    signOut: 'Sign out',
  },
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  $errorDialog.set(null);
});

describe('avatar menu (spec §2)', () => {
  it('shows initials, opens to name, email and the links', () => {
    render(<AvatarMenu {...menu()} />);
    const button = screen.getByRole('button', { name: 'HY Account menu' });
    expect(button.textContent).toBe('HY Account menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('hanako@example.test')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile settings' }).getAttribute('href')).toBe(
      '/ns/portal/openbadge/setting?menu=4',
    );
    expect(screen.getByRole('link', { name: 'Public wallet' }).getAttribute('href')).toBe(
      '/ns/portal/openbadge/public/assertions/user/abc',
    );
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('hanako@example.test')).toBeNull();
  });

  it('offers sign out to wallet users (type 2) only', () => {
    render(<AvatarMenu {...menu({ showSignOut: false })} />);
    fireEvent.click(screen.getByRole('button', { name: 'HY Account menu' }));
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('signs out through the API and goes to login', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{"status":200}', { headers: { 'content-type': 'application/json' } }),
    );
    const assign = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { ...window.location, assign });
    render(<AvatarMenu {...menu()} />);
    fireEvent.click(screen.getByRole('button', { name: 'HY Account menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/ns/portal/openbadge/login'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1.0/account/Wallet/OpenbadgeWalletLogout',
      expect.objectContaining({ method: 'POST' }),
    );
  });
});

describe('failed-call handling (spec §8)', () => {
  const labels = { notification: 'Notification', fallback: 'An error has occurred.', unknown: 'Unknown error' };
  const at = (pathname: string) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname, search: '?x=1', assign });
    return assign;
  };

  it('401 goes to login with the full current path as redirect', () => {
    const assign = at('/ns/portal/openbadge/assertions/detail/abc');
    handleFailure({ ok: false, status: 401, errors: [] }, labels);
    expect(assign).toHaveBeenCalledWith(
      `/ns/portal/openbadge/login?redirect=${encodeURIComponent('/ns/portal/openbadge/assertions/detail/abc?x=1')}`,
    );
  });

  it('403 goes to the unauthorized page and 404 to not found', () => {
    const assign = at('/ns/portal/openbadge/setting');
    handleFailure({ ok: false, status: 403, errors: [] }, labels);
    handleFailure({ ok: false, status: 404, errors: [] }, labels);
    expect(assign.mock.calls).toEqual([['/ns/portal/openbadge/unauthorized'], ['/ns/portal/openbadge/not-found']]);
  });

  it('anything else opens the error dialog with joined messages, or the fallback', () => {
    at('/ns/portal/openbadge/setting');
    handleFailure(
      {
        ok: false,
        status: 500,
        errors: [
          { code: 'E500100', resource_key: 'errors.E500100', message: 'Broke.' },
          { code: 'E500100', resource_key: 'x', message: '' },
        ],
      },
      labels,
    );
    expect($errorDialog.get()).toEqual({ title: 'Notification', messages: ['Broke.', 'Unknown error'] });
    handleFailure({ ok: false, status: 0, errors: [] }, labels);
    expect($errorDialog.get()?.messages).toEqual(['An error has occurred.']);
  });

  it('on a detail page, closing the dialog leads Home', () => {
    at('/ns/portal/openbadge/assertions/detail/abc');
    handleFailure({ ok: false, status: 500, errors: [] }, labels);
    expect($errorDialog.get()?.closeTo).toBe('/ns/portal/openbadge/');
  });
});

describe('release check (spec §4: a version mismatch forces a reload)', () => {
  it('reloads when the running release differs, not when it matches', async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ release_version: '2.0.0' })),
    );
    await watchVersion('/ns/portal/openbadge', '1.0.0', reload)();
    expect(reload).toHaveBeenCalledTimes(1);
    const stay = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ release_version: '1.0.0' })),
    );
    await watchVersion('/ns/portal/openbadge', '1.0.0', stay)();
    expect(stay).not.toHaveBeenCalled();
  });

  it('does nothing when the version cannot be read', async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    await watchVersion('/ns/portal/openbadge', '1.0.0', reload)();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('lazy chunks (spec §9: 120 s timeout)', () => {
  it('resolves a chunk that arrives in time', async () => {
    await expect(importWithTimeout(async () => 'mod', 50)).resolves.toBe('mod');
  });

  it('fails with ChunkTimeoutError after the timeout', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => undefined));
    vi.advanceTimersByTime(119_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(pending).rejects.toBeInstanceOf(ChunkTimeoutError);
  });
});
