/**
 * The terms of use's dates (spec §9): effective 1 March 2020, then each revision. The newest date
 * is the version an account must have agreed to; a newer one brings the revision notice.
 */
export const TERMS_EFFECTIVE = '2020-03-01';
export const TERMS_REVISIONS = [
  '2020-07-02',
  '2020-08-27',
  '2022-07-21',
  '2022-09-29',
  '2022-11-10',
  '2023-07-13',
  '2024-03-14',
  '2024-07-01',
] as const;
export const TERMS_VERSION: string = TERMS_REVISIONS[TERMS_REVISIONS.length - 1] ?? TERMS_EFFECTIVE;

/** Where an account stands with the terms: agreed to this version, never agreed, or agreed to an older one. */
export type TermsState = 'agreed' | 'not_agreed' | 'revised';

export function termsState(agreed: boolean, version: string | null): TermsState {
  if (!agreed) return 'not_agreed';
  return version === TERMS_VERSION ? 'agreed' : 'revised';
}

/** A terms date as people read it in their language (the dates are Japan's calendar days). */
export function formatTermsDate(lang: string, isoDate: string = TERMS_VERSION): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(
    new Date(`${isoDate}T00:00:00+09:00`),
  );
}
