import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Spec §6 for portal users (type 1, issue 20): the islands' client renews an ended wallet session
// from the portal session once (GetApiAccessToken.ashx) and resends the call; without a portal
// session it follows the login_url. The server is stood in for by fetch answers, as in
// api-call.test.tsx; the real round trip is in tests/e2e/portal.spec.ts.
const TOKEN = '/ns/login/GetApiAccessToken.ashx';
const ROUTE = '/api/v1.0/openbadge/v2/Wallet/SetConfettiShownOnceStatus';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ended = () =>
  json({ status: 401, errors: [{ code: 'E401100', resource_key: 'errors.E401100', message: 'x' }] }, 401);

/** A fetch answering each URL from its own queue of responses, recording every call. */
function server(answers: Record<string, (() => Response)[]>) {
  return vi.fn(async (...[url]: [url: string, init?: RequestInit]) => {
    const next = answers[url]?.shift();
    if (!next) throw new Error(`unexpected ${url}`);
    return next();
  });
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // The module remembers that the page is leaving; each test gets fresh modules.
  vi.resetModules();
  assign = vi.fn();
  vi.stubGlobal('location', {
    ...window.location,
    pathname: '/ns/portal/openbadge/assertions',
    search: '?tab=1',
    assign,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});
const userType = (type: 1 | 2) => {
  document.body.innerHTML = `<header data-user-type="${type}"></header>`;
};
const client = async () => ({
  ...(await import('../../src/islands/lib/api')),
  ...(await import('../../src/islands/lib/client')),
});

describe('a portal user whose wallet session ended (type 1)', () => {
  it('gets a new token from the portal session and the call is sent once more', async () => {
    userType(1);
    const fetchMock = server({
      [ROUTE]: [ended, () => json({ status: 200 })],
      [TOKEN]: [() => json({ status: 200, access_token: 't' })],
    });
    vi.stubGlobal('fetch', fetchMock);
    const { call, wallet } = await client();
    expect(await call(wallet.SetConfettiShownOnceStatus, {})).toEqual({ ok: true, data: { status: 200 } });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([ROUTE, TOKEN, ROUTE]);
    const init = fetchMock.mock.calls[1]?.[1] as unknown as RequestInit;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ return_url: '/ns/portal/openbadge/assertions?tab=1' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('calls failing together share one renewal', async () => {
    userType(1);
    const ok = () => json({ status: 200 });
    const fetchMock = server({
      [ROUTE]: [ended, ended, ok, ok],
      [TOKEN]: [() => json({ status: 200, access_token: 't' })],
    });
    vi.stubGlobal('fetch', fetchMock);
    const { call, wallet } = await client();
    const both = await Promise.all([
      call(wallet.SetConfettiShownOnceStatus, {}),
      call(wallet.SetConfettiShownOnceStatus, {}),
    ]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(fetchMock.mock.calls.filter((c) => c[0] === TOKEN)).toHaveLength(1);
  });

  it('without a portal session goes to the login_url once, and sends nothing more', async () => {
    userType(1);
    const loginUrl = 'http://127.0.0.1:8787/ns/portal/openbadge/portal/login?provider=portal&returnTo=%2Fx';
    const fetchMock = server({ [ROUTE]: [ended], [TOKEN]: [() => json({ status: 401, login_url: loginUrl }, 401)] });
    vi.stubGlobal('fetch', fetchMock);
    const { call, handleFailure, wallet } = await client();
    const r = await call(wallet.SetConfettiShownOnceStatus, {});
    expect(r.ok).toBe(false);
    if (!r.ok) handleFailure(r, { notification: 'N', fallback: 'F', unknown: 'U' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(loginUrl));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a login_url that is not ours or http(s) is replaced by the wallet’s own portal route', async () => {
    userType(1);
    vi.stubGlobal(
      'fetch',
      server({ [ROUTE]: [ended], [TOKEN]: [() => json({ status: 401, login_url: 'javascript:alert(1)' }, 401)] }),
    );
    const { call, wallet } = await client();
    await call(wallet.SetConfettiShownOnceStatus, {});
    expect(assign).toHaveBeenCalledWith(
      `/ns/portal/openbadge/portal/login?returnTo=${encodeURIComponent('/ns/portal/openbadge/assertions?tab=1')}`,
    );
  });

  it('a 401 that is not "no session" (a refused password) is not renewed', async () => {
    userType(1);
    const refused = () =>
      json({ status: 401, errors: [{ code: 'E401122', resource_key: 'errors.E401122', message: 'x' }] }, 401);
    const fetchMock = server({ '/api/v1.0/account/Wallet/Login': [refused] });
    vi.stubGlobal('fetch', fetchMock);
    const { call, account } = await client();
    const r = await call(account.Login, { email: 'a@example.test', password: 'x' });
    expect(r).toMatchObject({ ok: false, status: 401, errors: [{ code: 'E401122' }] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a wallet user (type 2) keeps going to LoginPage', () => {
  it('no token request; 401 leads to login with the redirect query', async () => {
    userType(2);
    const fetchMock = server({ [ROUTE]: [ended] });
    vi.stubGlobal('fetch', fetchMock);
    const { call, handleFailure, wallet } = await client();
    const r = await call(wallet.SetConfettiShownOnceStatus, {});
    if (!r.ok) handleFailure(r, { notification: 'N', fallback: 'F', unknown: 'U' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(
      `/ns/portal/openbadge/login?redirect=${encodeURIComponent('/ns/portal/openbadge/assertions?tab=1')}`,
    );
  });
});

describe('"Sign out of {{name}}" (type 1)', () => {
  const labels = {
    open: 'Account menu',
    profile: 'P',
    publicWallet: 'W',
    settings: 'S',
    help: 'H',
    signOut: 'Sign out',
  };
  const props = {
    initials: 'PP',
    imageUrl: null,
    name: 'Pat Portal',
    email: null,
    publicWalletUrl: '/p',
    helpUrl: '/h',
    labels,
  };

  it('replaces "Sign out" and follows the end_session_url the logout answers', async () => {
    const end = 'http://127.0.0.1:8795/session/end?client_id=lanyard-local';
    vi.stubGlobal(
      'fetch',
      server({ '/api/v1.0/account/Wallet/OpenbadgeWalletLogout': [() => json({ status: 200, end_session_url: end })] }),
    );
    const { default: AvatarMenu } = await import('../../src/islands/chrome/AvatarMenu');
    render(<AvatarMenu {...props} showSignOut={false} portalSignOut="Sign out of Lanyard Portal" />);
    fireEvent.click(screen.getByRole('button', { name: 'PP Account menu' }));
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of Lanyard Portal' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(end));
  });

  it('goes to login when the portal has no end-session address', async () => {
    vi.stubGlobal('fetch', server({ '/api/v1.0/account/Wallet/OpenbadgeWalletLogout': [() => json({ status: 200 })] }));
    const { default: AvatarMenu } = await import('../../src/islands/chrome/AvatarMenu');
    render(<AvatarMenu {...props} showSignOut={false} portalSignOut="Sign out of Lanyard Portal" />);
    fireEvent.click(screen.getByRole('button', { name: 'PP Account menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of Lanyard Portal' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/ns/portal/openbadge/login'));
  });
});

describe('a confirmation that asks a wallet user for the password (type 1: the portal sign-in)', () => {
  const portal = {
    note: 'Your recent sign-in at Lanyard Portal confirms this.',
    needed: 'Sign in again at Lanyard Portal, then repeat this step.',
    button: 'Sign in again at Lanyard Portal',
    href: '/ns/portal/openbadge/portal/login?provider=portal&prompt=login&returnTo=%2Fns%2Fportal%2Fopenbadge%2Fsetting%2Fdelete',
  };
  const labels = {
    reason: 'Reason',
    reasons: ['One', 'Two', 'Three', 'Four', 'Five'],
    password: 'Current password',
    submit: 'Delete account',
    loading: 'Loading…',
    confirmTitle: 'Sure?',
    confirmText: 'Really.',
    cancel: 'Cancel',
    required: 'Required.',
    fallback: 'Error.',
  };

  it('shows no password field, and offers the portal sign-in when the server asks for a fresh one', async () => {
    const again = () =>
      json(
        { status: 403, errors: [{ code: 'E403121', resource_key: 'errors.E403121', message: 'Sign in again.' }] },
        403,
      );
    const fetchMock = server({ '/api/v1.0/openbadge/v2/Wallet/Setting/Account/Delete': [again] });
    vi.stubGlobal('fetch', fetchMock);
    const { default: DeleteAccount } = await import('../../src/islands/settings/DeleteAccount');
    const { $confirm, settleConfirm } = await import('../../src/islands/stores/dialogs');
    const { container } = render(<DeleteAccount labels={labels} doneUrl="/done" portal={portal} />);
    await screen.findByText(portal.note);
    expect(container.querySelector('input[type="password"]')).toBeNull();
    fireEvent.click(screen.getByLabelText('Two'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await vi.waitFor(() => expect($confirm.get()).not.toBeNull());
    settleConfirm(true);
    const link = await screen.findByRole('link', { name: portal.button });
    expect(link.getAttribute('href')).toBe(portal.href);
    const init = fetchMock.mock.calls[0]?.[1] as unknown as RequestInit;
    // Type 1 has no password: the field the route requires carries a marker the server ignores for type 1.
    expect(JSON.parse(String(init.body))).toEqual({ reason: 2, password: 'portal-sign-in' });
    expect(assign).not.toHaveBeenCalled();
  });
});
