import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import VerifyBadge, { type VerifyLabels } from '../../src/islands/verify/VerifyBadge';
import { verdictOf } from '../../src/lib/verify-verdict';

const v = en.verify;
const labels: VerifyLabels = { ...v, codes: v.code };
const item = (status: 'success' | 'fail', text: string | null) => ({ status, text });

/**
 * Issue 33, item 1: an OB 3.0 credential whose key is its issuer's id alone (a self-signed did:key
 * issuer: W003) passes issued_by, but the island never calls its issuer "Verified"; and W003 (or
 * W004, an extension not checked) beside W001 keeps the neutral "recipient not checked" verdict.
 */
const claimed = {
  status: 200,
  badge_information: {
    badge_name: 'Knot tying',
    issuer_name: 'Harbour Guild',
    issuing_date: '2026-03-04T05:06:07.000Z',
    expiry_date: null,
    badge_recipient_name: null,
    badge_expired: false,
    revoked: false,
    revocation_reason: null,
  },
  items: {
    issued_by: item('success', 'Harbour Guild'),
    issued_on: item('success', '2026-03-04T05:06:07.000Z'),
    awarded_to: item('fail', null),
    expires_on: item('success', null),
  },
  verify_errors_count: 0,
  verify_errors_code: [],
  verify_warning_count: 2,
  verify_warnings_code: ['W003', 'W001'],
  badge_pass: false,
  verify_state: 'invalid',
  checks: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('an issuer whose name is its own claim', () => {
  it('W004 beside W001 is still "recipient not checked"; W003 (its issuer not proven) or W002 is not', () => {
    // "Recipient not checked" says the issuer was verified, which W003 does not allow.
    expect(verdictOf(claimed)).toBe('not_pass');
    expect(verdictOf({ ...claimed, verify_warnings_code: ['W004', 'W001'] })).toBe('recipient_unchecked');
    expect(verdictOf({ ...claimed, verify_warnings_code: ['W002', 'W001'] })).toBe('not_pass');
    expect(verdictOf({ ...claimed, verify_errors_code: ['E169'] })).toBe('not_pass');
  });

  it('the island labels issued_by "name not proven", never "Verified"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(claimed))),
    );
    render(<VerifyBadge action="/verification" url="https://issuer.test/a/1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    const label = await screen.findByText(v.self_asserted);
    const row = label.closest('.verify-item');
    expect(row?.className).toContain('verify-claimed');
    expect(row?.textContent).toContain('Harbour Guild');
    expect(row?.textContent).not.toContain(v.success);
    // The other passing items still say verified; awarded_to waits for an address.
    expect(document.querySelectorAll('.verify-success')).toHaveLength(2);
  });

  it('signed by a key that is not the named issuer\'s (E169): no item reads verified, each is "as written"', async () => {
    const forged = {
      ...claimed,
      items: { ...claimed.items, issued_by: item('fail', null), awarded_to: item('success', 'reader@example.test') },
      verify_errors_code: ['E169'],
      verify_warnings_code: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(forged))),
    );
    render(<VerifyBadge action="/verification" url="https://issuer.test/a/1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    expect(await screen.findByText(v.as_written)).toBeTruthy();
    expect(document.querySelectorAll('.verify-success')).toHaveLength(0);
    expect(document.querySelectorAll('.verify-as_written')).toHaveLength(3);
    expect(screen.getAllByText(v.item_as_written)).toHaveLength(3);
  });
});
