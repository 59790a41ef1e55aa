import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GlobalDialogs from '../../src/islands/chrome/GlobalDialogs';
import { $confirm, $errorDialog, confirmAction, showError } from '../../src/islands/stores/dialogs';

const labels = {
  notification: 'Notification',
  close: 'Close',
  ok: 'OK',
  cancel: 'Cancel',
  chunkTimeout: 'Could not load.',
};

afterEach(() => {
  $errorDialog.set(null);
  $confirm.set(null);
});

describe('shared error dialog', () => {
  it('hydrates without a mismatch when an island reported an error before it hydrated, then shows it', async () => {
    // The server renders the island with empty stores; in the browser another island may have
    // reported an error before this one (client:idle) hydrates.
    const host = document.createElement('div');
    host.innerHTML = renderToString(<GlobalDialogs labels={labels} />);
    document.body.appendChild(host);
    showError({ messages: ['Reported early.'] });
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | null = null;
    try {
      await act(async () => {
        root = hydrateRoot(host, <GlobalDialogs labels={labels} />, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(screen.getByRole('alertdialog').textContent).toContain('Reported early.');
    } finally {
      act(() => root?.unmount());
      host.remove();
    }
  });

  it('is closed until an island reports an error', () => {
    render(<GlobalDialogs labels={labels} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the default title and every message, then closes', () => {
    render(<GlobalDialogs labels={labels} />);
    act(() => showError({ messages: ['First problem.', 'Second problem.'] }));
    const dialog = screen.getByRole('alertdialog', { name: 'Notification' });
    expect(dialog.textContent).toContain('First problem.');
    expect(dialog.textContent).toContain('Second problem.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('uses a given title and leads to closeTo (detail pages go Home)', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<GlobalDialogs labels={labels} />);
    act(() => showError({ title: 'Badge', messages: ['Gone.'], closeTo: '/ns/portal/openbadge/' }));
    expect(screen.getByRole('alertdialog', { name: 'Badge' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(assign).toHaveBeenCalledWith('/ns/portal/openbadge/');
    vi.unstubAllGlobals();
  });

  it('renders messages as text, never as markup (XSS-01)', () => {
    render(<GlobalDialogs labels={labels} />);
    act(() => showError({ messages: ['<img src=x onerror=alert(1)>'] }));
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('alertdialog').textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('confirmation dialog (spec §3 properties)', () => {
  it('resolves true for the action button', async () => {
    render(<GlobalDialogs labels={labels} />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmAction({
        title: 'Delete badge?',
        text: 'This cannot be undone.\n\nThe issuer is not told.',
        actionButton: { visible: true, text: 'Delete', color: 'danger' },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete badge?' });
    expect(dialog.querySelectorAll('p')).toHaveLength(2);
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del.className).toContain('btn-danger');
    fireEvent.click(del);
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves false for close, the X button and Escape', async () => {
    render(<GlobalDialogs labels={labels} />);
    for (const close of [
      () => fireEvent.click(screen.getByRole('button', { name: 'Keep' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
      () => fireEvent.keyDown(document, { key: 'Escape' }),
    ]) {
      let answer: Promise<boolean> = Promise.resolve(true);
      act(() => {
        answer = confirmAction({
          title: 'Sure?',
          text: 'Really.',
          showXButton: true,
          closeButton: { visible: true, text: 'Keep' },
        });
      });
      await screen.findByRole('dialog', { name: 'Sure?' });
      act(close);
      await expect(answer).resolves.toBe(false);
    }
  });

  it('hides buttons marked invisible', async () => {
    render(<GlobalDialogs labels={labels} />);
    act(() => {
      void confirmAction({
        title: 'Info',
        text: 'Read only.',
        closeButton: { visible: false },
        actionButton: { visible: true },
      });
    });
    await screen.findByRole('dialog', { name: 'Info' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });
});
