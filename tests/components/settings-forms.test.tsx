import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PasswordChange, { type PasswordChangeLabels } from '../../src/islands/settings/PasswordChange';
import NotificationSettings from '../../src/islands/settings/NotificationSettings';
import NewPasswordForm from '../../src/islands/account/NewPasswordForm';

const rules = {
  length: 'Use 8 to 20 characters.',
  classes: 'Mix two kinds of characters.',
  contains_email: 'Do not use your address.',
  common: 'Too common.',
  mismatch: 'The passwords differ.',
  required: 'Required.',
};
const labels: PasswordChangeLabels = {
  current: 'Current password',
  password: 'New password',
  confirm: 'Confirm new password',
  hint: 'At least 8 characters.',
  submit: 'Change',
  loading: 'Loading…',
  saved: 'Saved.',
  fallback: 'An error has occurred.',
  rules,
};

const replies = (...bodies: unknown[]) => {
  const fetchMock = vi.fn();
  for (const b of bodies) fetchMock.mockResolvedValueOnce(Response.json(b));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The messages announced for a field: its hint and its errors, through aria-describedby. */
const describedBy = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('password change (one password pair, one submit hook)', () => {
  it('checks the form first and sends nothing while a field is wrong', () => {
    const fetchMock = replies();
    render(<PasswordChange labels={labels} email="hanako@example.test" />);
    type('New password', 'Abcdefg1');
    type('Confirm new password', 'Abcdefg2');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(describedBy('Current password')).toEqual(['Required.']);
    expect(describedBy('New password')).toEqual(['At least 8 characters.']);
    expect(describedBy('Confirm new password')).toEqual(['The passwords differ.']);
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a wrong current password under its field, then saves and clears the form', async () => {
    const fetchMock = replies(
      { status: 400, errors: [{ code: 'E400105', resource_key: 'errors.E400105', message: 'Wrong password.' }] },
      { status: 200 },
    );
    render(<PasswordChange labels={labels} email="hanako@example.test" />);
    type('Current password', 'Old-pass1');
    type('New password', 'Abcdefg1');
    type('Confirm new password', 'Abcdefg1');
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    await vi.waitFor(() => expect(describedBy('Current password')).toEqual(['Wrong password.']));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1.0/openbadge/v2/Wallet/Setting/Password/Change');
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({
      current_password: 'Old-pass1',
      password: 'Abcdefg1',
      confirm_password: 'Abcdefg1',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved.');
    expect(screen.getByLabelText('New password')).toHaveProperty('value', '');
    expect(describedBy('Current password')).toEqual([]);
  });

  it('the change form leaves its inputs unnamed (nothing to post without JavaScript)', () => {
    render(<PasswordChange labels={labels} email={null} />);
    expect(screen.getByLabelText('New password').getAttribute('name')).toBeNull();
    expect(screen.getByLabelText('Confirm new password').getAttribute('type')).toBe('password');
  });
});

describe('the password pair on the account screens', () => {
  it('names the inputs, marks them required and caps them, in a form that posts', () => {
    const resetLabels = {
      password: 'Password',
      confirmPassword: 'Confirm password',
      passwordHint: 'At least 8 characters.',
      submit: 'Set',
      doneHeading: 'Done',
      doneMessage: 'Sign in again.',
      login: 'Login',
      requestNew: 'Request a new link',
      fallback: 'An error has occurred.',
      rules,
    };
    render(
      <NewPasswordForm
        labels={resetLabels}
        token="t"
        formToken="f"
        action="/password/reset/t"
        loginUrl="/login"
        requestUrl="/password/forgot"
        initial={{ done: false, expired: false, errors: {} }}
      />,
    );
    // Posted, never sent by GET: the passwords stay out of the address (issue 25).
    const form = screen.getByLabelText('Password').closest('form');
    expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['post', '/password/reset/t']);
    for (const [label, name] of [
      ['Password', 'password'],
      ['Confirm password', 'confirm_password'],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect([input.getAttribute('name'), input.hasAttribute('required'), input.getAttribute('maxlength')]).toEqual([
        name,
        true,
        '256',
      ]);
      expect(input.getAttribute('autocomplete')).toBe('new-password');
    }
    expect(describedBy('Password')).toEqual(['At least 8 characters.']);
  });
});

describe('notification settings', () => {
  const notificationLabels = {
    badgeMail: 'Badge mails',
    badgeMailOff: 'You will get no mail when a badge arrives.',
    infoMail: 'Information mails',
    autoReceive: 'Receive badges automatically',
    save: 'Save',
    loading: 'Loading…',
    saved: 'Saved.',
    fallback: 'An error has occurred.',
  };
  const initial = { receive_badge_mail: true, receive_info_mail: false, auto_receive: false };

  it('says saved, or the general message on failure; a change clears either', async () => {
    replies({ status: 200 }, { status: 500, errors: [{ code: 'E500100', resource_key: 'x', message: 'Broke.' }] });
    render(<NotificationSettings labels={notificationLabels} initial={initial} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'An error has occurred.');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByLabelText('Information mails'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
