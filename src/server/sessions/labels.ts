import type { Translate } from '../../i18n/translator';
import { deviceLabel } from './user-agent';

/** "Firefox on Windows" in the reader's language; an unrecognised part reads "unknown browser/system". */
export function deviceText(userAgent: string | null, t: Translate): string {
  const d = deviceLabel(userAgent);
  return t('sessions.device', {
    browser: d.browser ?? t('sessions.unknown_browser'),
    os: d.os ?? t('sessions.unknown_os'),
  });
}
