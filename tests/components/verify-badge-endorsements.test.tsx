import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import VerifyBadge, { type VerifyLabels } from '../../src/islands/verify/VerifyBadge';

const v = en.verify;
const labels: VerifyLabels = { ...v, codes: v.code };
const item = (text: string | null) => ({ status: 'success', text });
const passing = {
  status: 200,
  badge_information: {
    badge_name: 'Knot tying',
    issuer_name: 'Harbour Guild',
    issuing_date: '2026-03-04T05:06:07Z',
    expiry_date: null,
    badge_recipient_name: 'Ada',
    badge_expired: false,
    revoked: false,
    revocation_reason: null,
  },
  items: {
    issued_by: item('Harbour Guild'),
    issued_on: item('2026-03-04T05:06:07Z'),
    awarded_to: item('Ada'),
    expires_on: item(null),
  },
  verify_errors_count: 0,
  verify_errors_code: [],
  verify_warning_count: 0,
  verify_warnings_code: [],
  badge_pass: true,
  verify_state: 'valid',
  checks: [],
};

afterEach(() => vi.unstubAllGlobals());

/** Issue 21: the island lists OB 3.0 endorsements under the four items, each with its own verdict. */
describe('VerifyBadge: endorsements', () => {
  it('names each endorser (or says it is unnamed) with verified / not verified / could not check', async () => {
    const body = {
      ...passing,
      endorsements: [
        { id: 'urn:uuid:1', name: 'Sea Board', state: 'valid' },
        { id: 'urn:uuid:2', name: '<b>Rope</b>', state: 'invalid' },
        { id: null, name: null, state: 'unverifiable' },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body))),
    );
    render(<VerifyBadge action="/verification" hostAssertionId="h1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    const list = await screen.findByTestId('verify-endorsements');
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      `Sea Board ${v.endorsement_valid}`,
      // Text stays text.
      `<b>Rope</b> ${v.endorsement_invalid}`,
      `${v.endorsement_unnamed} ${v.endorsement_unverifiable}`,
    ]);
    expect(list.querySelector('b')).toBeNull();
    // The badge's own verdict is untouched by an endorsement that did not verify.
    expect(screen.getByRole('status').textContent).toBe(v.pass);
  });

  it('no endorsements: no list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(passing))),
    );
    render(<VerifyBadge action="/verification" hostAssertionId="h1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    await screen.findByText(v.pass);
    expect(screen.queryByTestId('verify-endorsements')).toBeNull();
  });
});
