import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import VerifyBadge, { type VerifyLabels } from '../../src/islands/verify/VerifyBadge';

const v = en.verify;
const labels: VerifyLabels = {
  ...v,
  codes: v.code,
};

const item = (status: 'success' | 'fail', text: string | null) => ({ status, text });
/** A genuine badge verified without an address: only W001, only awarded_to fails (spec §8). */
const w001Only = {
  status: 200,
  badge_information: {
    badge_name: 'Demo',
    issuer_name: 'Demo Issuer',
    issuing_date: '2025-01-01T00:00:00Z',
    expiry_date: null,
    badge_recipient_name: null,
    badge_expired: false,
    revoked: false,
    revocation_reason: null,
  },
  items: {
    issued_by: item('success', 'Demo Issuer'),
    issued_on: item('success', '2025-01-01T00:00:00Z'),
    awarded_to: item('fail', null),
    expires_on: item('success', null),
  },
  verify_errors_count: 0,
  verify_errors_code: [],
  verify_warning_count: 1,
  verify_warnings_code: ['W001'],
  badge_pass: false,
  verify_state: 'invalid',
  checks: [],
};

const answer = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('VerifyBadge: a fair verdict (issue 24 item 4)', () => {
  it('W001 alone: says what was verified and what was not, neutrally, and asks for the address', async () => {
    const fetchMock = answer(w001Only);
    vi.stubGlobal('fetch', fetchMock);
    render(<VerifyBadge action="/verification" url="https://issuer.test/a/1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    const status = await screen.findByText(v.recipient_unchecked);
    expect(status.getAttribute('role')).toBe('status');
    expect(status.className).toContain('verdict-neutral');
    expect(status.className).not.toContain('verdict-fail');
    expect(screen.queryByText(v.not_pass)).toBeNull();
    // The spec's item is kept: awarded_to still fails with W001.
    expect(document.querySelectorAll('.verify-fail')).toHaveLength(1);
    const field = screen.getByLabelText(v.recipient_email);
    await waitFor(() => expect(document.activeElement).toBe(field));

    // The address, once given, is sent with the next verification.
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ ...w001Only })));
    fireEvent.change(field, { target: { value: 'holder@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: v.check_recipient }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ verification_mail: ['holder@example.test'] });
  });

  it('W001 with another failure stays a red "not valid"', async () => {
    vi.stubGlobal(
      'fetch',
      answer({
        ...w001Only,
        verify_errors_code: ['E045'],
        items: { ...w001Only.items, expires_on: item('fail', '2020-01-01T00:00:00Z') },
      }),
    );
    render(<VerifyBadge action="/verification" url="https://issuer.test/a/1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    const status = await screen.findByText(v.not_pass);
    expect(status.className).toContain('verdict-fail');
    expect(screen.queryByLabelText(v.recipient_email)).toBeNull();
  });

  it('a badge issued here is verified by id with no address, so the server checks its own recipient', async () => {
    const fetchMock = answer({ ...w001Only, badge_pass: true, verify_state: 'valid' });
    vi.stubGlobal('fetch', fetchMock);
    render(<VerifyBadge action="/verification" assertionId="as-1" lang="en" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: v.verify_this }));
    await screen.findByText(v.pass);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const sent = JSON.parse(init.body as string) as { input_type: string; verification_mail?: string[] };
    expect(sent).toMatchObject({ input_type: 'assertion_id', assertion_id: 'as-1' });
    expect(sent.verification_mail ?? []).toEqual([]);
  });
});
