import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, nameOrder, type Language } from '../../src/i18n/languages';
import { CATALOGUES } from '../../src/i18n/catalogues';
import RegisterWizard from '../../src/islands/account/RegisterWizard';
import ProfileSettings, { type ProfileValues } from '../../src/islands/settings/ProfileSettings';

/*
 * Issue 35, item 6: the two name fields of registration and of the profile come in the page
 * language's name order (src/i18n/languages.ts nameOrder): family name first in Japanese, Chinese,
 * Korean and Vietnamese, given name first in English, Indonesian, Thai and Bengali. Each page is
 * rendered with its own catalogue's labels, as Astro renders it.
 */

const FAMILY_FIRST: Language[] = ['ja', 'zh-cn', 'zh-tw', 'ko', 'vi'];
const rules = { length: '', classes: '', contains_email: '', common: '', mismatch: '', required: 'Required.' };

function wizard(lang: Language) {
  const account = CATALOGUES[lang].account;
  return (
    <RegisterWizard
      nameOrder={nameOrder(lang)}
      labels={{
        steps: 'Steps',
        stepTerms: 'Terms',
        stepInfo: 'Information',
        stepSent: 'Sent',
        termsIntro: '',
        scrollHint: '',
        agree: 'I Agree',
        cancel: 'Cancel',
        back: 'Back',
        firstName: account.first_name,
        lastName: account.last_name,
        email: account.email,
        password: account.password,
        confirmPassword: account.confirm_password,
        passwordHint: '',
        emailInvalid: '',
        nameTooLong: '',
        submit: 'Register',
        sentHeading: 'Sent',
        sentMessage: '',
        fallback: '',
        rules,
      }}
      loginUrl="/w/login"
      action="/w/createaccount"
      token="tok"
      initial={{ step: 1, values: { last_name: '', first_name: '', email: '' }, errors: {} }}
    />
  );
}

/** The names of the form's text inputs, in document order. */
const names = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLInputElement>('input[name$="_name"]')].map((i) => i.name);

describe('registration asks for the names in the page language’s order', () => {
  it('is family name first exactly in Japanese, Chinese, Korean and Vietnamese', () => {
    expect(LANGUAGES.filter((l) => nameOrder(l) === 'family-first').sort()).toEqual([...FAMILY_FIRST].sort());
  });

  for (const lang of LANGUAGES) {
    const first = FAMILY_FIRST.includes(lang) ? 'last_name' : 'first_name';
    it(`${lang}: ${first} first, in the server's HTML (no JavaScript) and once hydrated`, () => {
      const html = document.createElement('div');
      html.innerHTML = renderToString(wizard(lang));
      const order = FAMILY_FIRST.includes(lang) ? ['last_name', 'first_name'] : ['first_name', 'last_name'];
      expect(names(html)).toEqual(order);
      render(wizard(lang));
      const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
      const account = CATALOGUES[lang].account;
      const given = labels.indexOf(account.first_name);
      const family = labels.indexOf(account.last_name);
      expect(given).toBeGreaterThanOrEqual(0);
      expect(family).toBeGreaterThanOrEqual(0);
      expect(FAMILY_FIRST.includes(lang) ? family < given : given < family).toBe(true);
      // The autofill hints stay on their own fields whatever the order.
      expect(screen.getByLabelText(account.first_name).getAttribute('autocomplete')).toBe('given-name');
      expect(screen.getByLabelText(account.last_name).getAttribute('autocomplete')).toBe('family-name');
    });
  }
});

describe('the profile asks for both pairs of names in the page language’s order', () => {
  const initial = {
    first_name: 'Hanako',
    last_name: 'Yamada',
    first_name_en: 'Hanako',
    last_name_en: 'Yamada',
    bio: null,
    profile_image: null,
  } as unknown as ProfileValues;

  const profile = (lang: Language) => {
    const s = CATALOGUES[lang].settings;
    return (
      <ProfileSettings
        nameOrder={nameOrder(lang)}
        initial={initial}
        limits={{ nameMax: 30, englishMax: 30, bioMax: 400, pictureMaxBytes: 1, minPx: 1, maxPx: 1 }}
        labels={{
          firstName: s.first_name,
          lastName: s.last_name,
          firstNameEn: s.first_name_en,
          lastNameEn: s.last_name_en,
          englishHint: s.english_hint,
          bio: s.bio,
          bioCount: s.bio_count,
          picture: s.picture,
          pictureHint: s.picture_hint,
          upload: s.upload_picture,
          removePicture: s.remove_picture,
          save: s.save,
          loading: 'Loading…',
          saved: 'Saved.',
          required: 'Required.',
          tooLong: 'Too long.',
          latinOnly: 'Latin only.',
          wrongType: 'Wrong type.',
          tooBig: 'Too big.',
          wrongSize: 'Wrong size.',
          fallback: 'An error has occurred.',
        }}
      />
    );
  };

  for (const lang of LANGUAGES) {
    it(`${lang}: ${nameOrder(lang)}, the English pair lined up with the other, the hint under its first`, () => {
      render(profile(lang));
      const s = CATALOGUES[lang].settings;
      const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
      const expected = FAMILY_FIRST.includes(lang)
        ? [s.last_name, s.first_name, s.last_name_en, s.first_name_en]
        : [s.first_name, s.last_name, s.first_name_en, s.last_name_en];
      expect(labels.filter((l) => expected.includes(l ?? ''))).toEqual(expected);
      // Each field still holds its own name.
      expect((screen.getByLabelText(s.first_name) as HTMLInputElement).value).toBe('Hanako');
      expect((screen.getByLabelText(s.last_name) as HTMLInputElement).value).toBe('Yamada');
      const firstEnglish = screen.getByLabelText(expected[2] ?? '');
      const hints = (firstEnglish.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(hints).toContain(s.english_hint);
      expect(screen.getByLabelText(expected[3] ?? '').getAttribute('aria-describedby')).toBeNull();
    });
  }
});
