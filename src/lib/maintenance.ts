export interface MaintenanceWindow {
  start: string;
  end: string;
  spareEnd: string;
  announceDays: number;
}

/**
 * Whether the service-suspension notice shows now: from `announceDays` before the window until the
 * spare day is over (terms: maintenance is announced at least a month ahead).
 */
export function maintenanceNoticeVisible(w: MaintenanceWindow, now: number): boolean {
  const from = Date.parse(w.start) - w.announceDays * 86_400_000;
  return now >= from && now < Date.parse(w.spareEnd);
}
