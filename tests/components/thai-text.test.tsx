import { render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import th from '../../src/i18n/locales/th.json';
import { ThaiText } from '../../src/islands/lib/ThaiText';

/*
 * Issue 35, item 6: an island's Thai labels keep the browser's split compounds whole, as the page
 * rewrite does outside islands, and render the same on the server and in the browser (no hydration
 * mismatch, which would make React throw the server's markup away).
 */
describe('ThaiText', () => {
  const title = th.portal_signin.error_title;

  it('wraps the listed words in .thw spans; the text reads as typed', () => {
    const { container } = render(
      <h2>
        <ThaiText text={title} />
      </h2>,
    );
    const h2 = container.querySelector('h2');
    expect(h2?.textContent).toBe(title);
    expect([...(h2?.querySelectorAll('span.thw') ?? [])].map((s) => s.textContent)).toEqual(['ลงชื่อเข้าใช้', 'ล้มเหลว']);
    // All of it in one span, so a flex parent (a button) lays it out as one item.
    expect(h2?.children.length).toBe(1);
    expect(h2?.firstElementChild?.className).toBe('thl');
  });

  it('renders any other text as it is, without spans', () => {
    const { container } = render(
      <p>
        <ThaiText text="Sign-in through the portal failed" />
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Sign-in through the portal failed</p>');
  });

  it('hydrates the server’s markup without a mismatch', async () => {
    const ui = (
      <p>
        <ThaiText text={title} />
      </p>
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(ui);
    const before = host.querySelector('span.thw');
    const errors = vi.fn();
    hydrateRoot(host, ui, { onRecoverableError: errors });
    await new Promise((r) => setTimeout(r, 50));
    expect(errors).not.toHaveBeenCalled();
    // The same element, kept: React adopted the server's markup.
    expect(host.querySelector('span.thw')).toBe(before);
  });
});
