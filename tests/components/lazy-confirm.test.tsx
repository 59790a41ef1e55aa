import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The confirmation dialog is its own chunk; here that chunk fails to arrive.
vi.mock('../../src/islands/chrome/ConfirmDialog', () => Promise.reject(new Error('network down')));

const labels = {
  notification: 'Notification',
  close: 'Close',
  ok: 'OK',
  cancel: 'Cancel',
  chunkTimeout: 'Could not load.',
};

describe('confirmation dialog chunk', () => {
  it('answers "no" and says so when the chunk cannot be loaded', async () => {
    const { default: GlobalDialogs } = await import('../../src/islands/chrome/GlobalDialogs');
    const { confirmAction } = await import('../../src/islands/stores/dialogs');
    render(<GlobalDialogs labels={labels} />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmAction({ title: 'Sure?', text: 'Really.' });
    });
    await expect(answer).resolves.toBe(false);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Could not load.');
  });
});
