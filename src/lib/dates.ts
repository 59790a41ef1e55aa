import { htmlLang, type Language } from '../i18n/languages';

/*
 * How the wallet writes a moment to the minute (issue 35): in the reader's language and calendar
 * (Thai in the Buddhist era, 28 พ.ย. 2569 15:10; Bengali in its digits), and in UTC, since an
 * account has no time zone and a server-rendered time must match the hydrated one. Wherever a time
 * is shown, the catalogues' common.time_utc ("{{time}} (UTC)") says so: the sessions list, the
 * passkey list, the new-device mail.
 */

/** Date and time to the minute, in UTC, for a reader of `lang`. */
export function utcDateTime(lang: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
}

/** The day alone (UTC), for a reader of `lang`: e.g. in the default name of a passkey. */
export function utcDay(lang: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'medium', timeZone: 'UTC' });
}
