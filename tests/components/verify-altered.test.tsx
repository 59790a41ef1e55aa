import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import VerifyBadge, { type VerifyLabels } from '../../src/islands/verify/VerifyBadge';
import { verdictOf } from '../../src/lib/verify-verdict';

const v = en.verify;
const labels: VerifyLabels = { ...v, codes: v.code };
const fail = (text: string | null) => ({ status: 'fail', text });

/** What the verifier answers for a certificate whose issue date was changed after signing (E179). */
const altered = {
  status: 200,
  badge_information: {
    badge_name: 'Master of Data Science',
    issuer_name: null,
    issuing_date: '2019-04-01T00:00:00.000Z',
    expiry_date: null,
    badge_recipient_name: 'Hanako Yamada',
    badge_expired: false,
    revoked: false,
    revocation_reason: null,
  },
  items: {
    issued_by: fail(null),
    issued_on: fail('2019-04-01T00:00:00.000Z'),
    awarded_to: fail('Hanako Yamada'),
    expires_on: fail(null),
  },
  verify_errors_count: 1,
  verify_errors_code: ['E179'],
  verify_warning_count: 0,
  verify_warnings_code: [],
  badge_pass: false,
  verify_state: 'invalid',
  checks: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('a document altered after signing (issue 33 item 4)', () => {
  it('says it was altered, and shows its values as written in it, none as verified', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(altered), { headers: { 'content-type': 'application/json' } })),
    );
    render(<VerifyBadge action="/verification" url="https://issuer.test/a/1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    const status = await screen.findByText(v.altered);
    expect(status.getAttribute('role')).toBe('status');
    expect(status.className).toContain('verdict-fail');
    expect(screen.getByText(v.as_written)).toBeTruthy();
    expect(screen.getByText(v.code.E179)).toBeTruthy();
    // The forged date is there, beside "Not verified"; the word "Verified" is nowhere.
    const date = screen.getByText('April 1, 2019');
    expect(date.closest('.verify-item')?.className).toContain('verify-fail');
    expect(screen.queryByText(v.success)).toBeNull();
    expect(document.querySelectorAll('.verify-success')).toHaveLength(0);
    expect(screen.getAllByText(v.fail)).toHaveLength(4);
  });

  it('"altered" wins over every other verdict but a pass, and appears only with E179', () => {
    const revoked = { ...altered, badge_information: { ...altered.badge_information, revoked: true } };
    expect(verdictOf(revoked)).toBe('altered');
    expect(verdictOf({ ...altered, verify_state: 'unverifiable' })).toBe('altered');
    expect(verdictOf({ ...altered, verify_errors_code: ['E168'] })).toBe('not_pass');
  });
});
