import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginForm, { type LoginInitial } from '../../src/islands/account/LoginForm';
import RegisterWizard from '../../src/islands/account/RegisterWizard';
import PasswordChange from '../../src/islands/settings/PasswordChange';

/*
 * Issue 25: the account forms are server-rendered forms that post, and the islands hydrate over
 * what the person typed before they arrived. Here the HTML comes from renderToString (as Astro
 * renders it), a value is typed into it, then React hydrates.
 */

const roots: Root[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The server's HTML in the page, `type` run on it before hydration, then the island hydrated. */
async function serverThenHydrate(element: ReactElement, type: (root: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  type(container);
  await act(async () => {
    roots.push(hydrateRoot(container, element));
  });
  return container;
}

const input = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);

const loginLabels = {
  email: 'Email address',
  password: 'Password',
  next: 'Next',
  changeEmail: 'Use another email address',
  submit: 'Log in',
  emailInvalid: 'Enter a valid email address.',
  fallback: 'An error has occurred.',
  code: 'Code from your authenticator app, or a recovery code',
  codeIntro: 'Two-step sign-in is on for this account.',
  codeSubmit: 'Verify',
};
const passkeyLabels = {
  signIn: 'Sign in with a passkey',
  or: 'or',
  useForStep: 'Use a passkey',
  stepIntro: 'Confirm with one of your passkeys.',
  cancelled: 'Cancelled.',
  unsupported: 'Not here.',
  fallback: 'An error has occurred.',
};

describe('login', () => {
  const login = (initial: LoginInitial = { step: 'email', email: '', error: null }) => (
    <LoginForm
      labels={loginLabels}
      passkeyLabels={passkeyLabels}
      redirect="/w/assertions"
      action="/w/login"
      token="tok"
      initial={initial}
    />
  );

  it('the code step (issue 22) posts step=code with a one-time-code field and keeps the address read-only', () => {
    const html = document.createElement('div');
    html.innerHTML = renderToString(login({ step: 'code', email: 'a@example.test', error: null }));
    expect(input(html, 'step')?.value).toBe('code');
    expect(input(html, 'code')?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input(html, 'email')?.hasAttribute('readonly')).toBe(true);
    expect(input(html, 'password')).toBeFalsy();
    expect(html.querySelector('button[type=submit]')?.textContent).toBe('Verify');
  });

  it('is a form that posts to the login page with the token and the step', () => {
    const html = document.createElement('div');
    html.innerHTML = renderToString(login());
    const form = html.querySelector('form');
    expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['post', '/w/login']);
    expect(input(html, 'csrf')?.value).toBe('tok');
    expect(input(html, 'step')?.value).toBe('email');
    expect(input(html, 'email')?.getAttribute('type')).toBe('email');
  });

  it('keeps the address typed before hydration and goes on with it', async () => {
    const root = await serverThenHydrate(login(), (r) => {
      const email = input(r, 'email');
      if (email) email.value = 'early@example.test';
    });
    expect(input(root, 'email')?.value).toBe('early@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input(root, 'email')?.value).toBe('early@example.test');
    expect(input(root, 'password')).not.toBeNull();
  });

  it('the password step from the server, with its message, signs in with what was typed before hydration', async () => {
    const fetchMock = vi.fn().mockResolvedValue(Response.json({ status: 401, errors: [{ message: 'Wrong.' }] }));
    vi.stubGlobal('fetch', fetchMock);
    const root = await serverThenHydrate(
      login({ step: 'password', email: 'a@example.test', error: 'Three attempts left.' }),
      (r) => {
        const password = input(r, 'password');
        if (password) password.value = 'Typed#Early1';
      },
    );
    expect(screen.getByRole('alert').textContent).toBe('Three attempts left.');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong.'));
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({
      email: 'a@example.test',
      password: 'Typed#Early1',
    });
    // A refused password is cleared, never kept.
    expect(input(root, 'password')?.value).toBe('');
  });
});

describe('login with passkeys (issue 22)', () => {
  const login = (initial: LoginInitial = { step: 'email', email: '', error: null }) => (
    <LoginForm
      labels={loginLabels}
      passkeyLabels={passkeyLabels}
      redirect="/w/assertions"
      action="/w/login"
      token="tok"
      initial={initial}
    />
  );

  it('offers no passkey button in the server HTML (it needs JavaScript), and one once hydrated', async () => {
    const html = document.createElement('div');
    html.innerHTML = renderToString(login());
    expect(html.textContent).not.toContain('Sign in with a passkey');
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    await serverThenHydrate(login(), () => undefined);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
  });

  it('shows no passkey button where the browser has no WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    await serverThenHydrate(login(), () => undefined);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('offers "Use a passkey" next to the code box only when Login names passkey as a method', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    for (const [methods, offered] of [
      [['app_code', 'passkey'], true],
      [['app_code'], false],
    ] as const) {
      const answer = { status: 200, second_step: 'totp', second_step_methods: methods };
      vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(answer)));
      const root = await serverThenHydrate(login({ step: 'password', email: 'a@example.test', error: null }), (r) => {
        const password = input(r, 'password');
        if (password) password.value = 'Typed#Early1';
      });
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await vi.waitFor(() => expect(input(root, 'code')).not.toBeNull());
      expect(screen.queryByRole('button', { name: 'Use a passkey' }) !== null).toBe(offered);
      for (const r of roots.splice(0)) act(() => r.unmount());
      document.body.innerHTML = '';
    }
  });
});

describe('registration', () => {
  const rules = {
    length: 'Use 8 to 20 characters.',
    classes: 'Mix two kinds of characters.',
    contains_email: 'Do not use your address.',
    common: 'Too common.',
    mismatch: 'The passwords differ.',
    required: 'Required.',
  };
  const labels = {
    steps: 'Steps',
    stepTerms: 'Terms',
    stepInfo: 'Information',
    stepSent: 'Sent',
    termsIntro: 'Read them.',
    scrollHint: 'Scroll to the end.',
    agree: 'I Agree',
    cancel: 'Cancel',
    back: 'Back',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    password: 'Password',
    confirmPassword: 'Confirm password',
    passwordHint: 'Rules.',
    emailInvalid: 'Invalid.',
    nameTooLong: 'Too long.',
    submit: 'Register',
    sentHeading: 'Sent',
    sentMessage: 'Mail sent to {{email}}.',
    fallback: 'An error has occurred.',
    rules,
  };
  const wizard = (step: 0 | 1 | 2) => (
    <RegisterWizard
      labels={labels}
      nameOrder="family-first"
      loginUrl="/w/login"
      action="/w/createaccount"
      token="tok"
      initial={{
        step,
        values: { last_name: 'Yamada', first_name: '', email: 'h@example.test' },
        errors: step === 1 ? { password: ['Too common.'] } : {},
      }}
    />
  );

  it('I Agree is a submit button that the server HTML does not hold back (the scroll check needs JavaScript)', () => {
    const html = document.createElement('div');
    html.innerHTML = renderToString(wizard(0));
    const agree = [...html.querySelectorAll('button')].find((b) => b.textContent === 'I Agree');
    expect(agree?.getAttribute('type')).toBe('submit');
    expect(agree?.hasAttribute('disabled')).toBe(false);
    expect(html.textContent).not.toContain('Scroll to the end.');
  });

  it('the information step keeps the values, never the passwords, and hydrates over what was typed', async () => {
    const root = await serverThenHydrate(wizard(1), (r) => {
      const first = input(r, 'first_name');
      if (first) first.value = 'Hanako';
    });
    expect(input(root, 'last_name')?.value).toBe('Yamada');
    expect(input(root, 'first_name')?.value).toBe('Hanako');
    expect(input(root, 'password')?.value).toBe('');
    expect(input(root, 'agree_term_of_service')?.value).toBe('true');
    expect(screen.getByText('Too common.')).toBeTruthy();
    // "Register" is the first submit button, so Enter in a field registers rather than goes back.
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe('Register');
  });
});

describe('settings forms before hydration', () => {
  it('the server HTML has every control disabled, the group busy and the button saying Loading…', () => {
    const html = document.createElement('div');
    html.innerHTML = renderToString(
      <PasswordChange
        email={null}
        labels={{
          current: 'Current password',
          password: 'New password',
          confirm: 'Confirm new password',
          hint: 'Rules.',
          submit: 'Change',
          loading: 'Loading…',
          saved: 'Saved.',
          fallback: 'An error has occurred.',
          rules: {
            length: '',
            classes: '',
            contains_email: '',
            common: '',
            mismatch: '',
            required: '',
          },
        }}
      />,
    );
    const group = html.querySelector('fieldset');
    expect([group?.hasAttribute('disabled'), group?.getAttribute('aria-busy')]).toEqual([true, 'true']);
    const button = html.querySelector('button[type="submit"]');
    expect([button?.textContent, button?.hasAttribute('disabled')]).toEqual(['Loading…', true]);
  });
});
