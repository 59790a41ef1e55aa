import type { Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';
import { maintenanceNoticeVisible, windowDate, zoneLabel, type MaintenanceWindow } from '../../lib/maintenance';

/**
 * The notice every page shows (spec §2): from a month before the window until its spare day ends,
 * the window's times in the operator's zone, in the reader's language; null outside that span.
 */
export function maintenanceNotice(w: MaintenanceWindow, now: number, lang: Language, t: Translate): string | null {
  if (!maintenanceNoticeVisible(w, now)) return null;
  return t('maintenance.notice', {
    start: windowDate(w, w.start, lang, true),
    end: windowDate(w, w.end, lang, true),
    zone: zoneLabel(w),
    spare: windowDate(w, w.spareStart, lang),
  });
}
