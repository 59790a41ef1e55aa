/**
 * The operator's maintenance window (spec §2 last paragraph, §9): from `start` to `end` the wallet
 * takes no writes; `spareDay` is held in reserve and closes writes only when the operator says it is
 * in use. Times are instants; `offset` is the zone the operator wrote them in, used to name the days.
 */
export interface MaintenanceWindow {
  start: number;
  end: number;
  /** The spare day, midnight to midnight in `offset`. */
  spareStart: number;
  spareEnd: number;
  spareInUse: boolean;
  /** `+09:00`, `-05:00` or `Z`: how the operator wrote the start. */
  offset: string;
}

/** What the variable holds: `{ "start": ISO, "end": ISO, "spare_day": "YYYY-MM-DD", "spare_in_use"?: bool }`. */
export interface MaintenanceSetting {
  start: string;
  end: string;
  spare_day: string;
  spare_in_use?: boolean;
}

/** Spec §2 and §9: 12 to 13 March 2022 (JST), 14 March spare; the default while no window is set. */
export const SPEC_MAINTENANCE: MaintenanceSetting = {
  start: '2022-03-12T00:00:00+09:00',
  end: '2022-03-14T00:00:00+09:00',
  spare_day: '2022-03-14',
};

/** Terms (spec §9): maintenance is announced at least one month ahead; 31 days always covers a month. */
export const ANNOUNCE_DAYS = 31;

const DAY_MS = 86_400_000;
// An explicit zone is required: a bare local time would mean whatever zone the Worker runs in.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function instant(name: string, value: unknown): { ms: number; offset: string } | string {
  const m = typeof value === 'string' ? INSTANT.exec(value) : null;
  const ms = m ? Date.parse(value as string) : NaN;
  if (!m || Number.isNaN(ms))
    return `MAINTENANCE_WINDOW.${name} must be an ISO 8601 time with its zone, such as 2027-03-12T00:00:00+09:00.`;
  return { ms, offset: m[1] ?? 'Z' };
}

/**
 * Reads the variable (absent or empty: the spec's window, long past). Answers the window, or one
 * sentence saying what is wrong with it, for the configuration check.
 */
export function parseMaintenance(raw: string | undefined): MaintenanceWindow | { problem: string } {
  let value: unknown = SPEC_MAINTENANCE;
  if (raw && raw.trim() !== '') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { problem: 'MAINTENANCE_WINDOW is not JSON: {"start": ISO, "end": ISO, "spare_day": "YYYY-MM-DD"}.' };
    }
  }
  if (typeof value !== 'object' || value === null) return { problem: 'MAINTENANCE_WINDOW must be a JSON object.' };
  const v = value as Record<string, unknown>;
  const start = instant('start', v['start']);
  const end = instant('end', v['end']);
  if (typeof start === 'string') return { problem: start };
  if (typeof end === 'string') return { problem: end };
  if (end.ms <= start.ms) return { problem: 'MAINTENANCE_WINDOW.end must be after its start.' };
  const day = v['spare_day'];
  const spareStart = typeof day === 'string' && DAY.test(day) ? Date.parse(`${day}T00:00:00${start.offset}`) : NaN;
  if (Number.isNaN(spareStart)) return { problem: 'MAINTENANCE_WINDOW.spare_day must be a date, YYYY-MM-DD.' };
  if (spareStart + DAY_MS <= end.ms)
    return { problem: 'MAINTENANCE_WINDOW.spare_day must not end before the window does.' };
  const inUse = v['spare_in_use'];
  if (inUse !== undefined && typeof inUse !== 'boolean')
    return { problem: 'MAINTENANCE_WINDOW.spare_in_use must be true or false.' };
  return {
    start: start.ms,
    end: end.ms,
    spareStart,
    spareEnd: spareStart + DAY_MS,
    spareInUse: inUse === true,
    offset: start.offset,
  };
}

/** The window to act on: an unusable setting falls back to the spec's (the configuration check reports it). */
export function maintenanceWindow(raw: string | undefined): MaintenanceWindow {
  const w = parseMaintenance(raw);
  return 'problem' in w ? (parseMaintenance(undefined) as MaintenanceWindow) : w;
}

/** Whether the notice shows now: from a month before the start until the spare day is over. */
export function maintenanceNoticeVisible(w: MaintenanceWindow, now: number): boolean {
  return now >= w.start - ANNOUNCE_DAYS * DAY_MS && now < w.spareEnd;
}

/**
 * When writes open again, or null while they are open. Closed from start to end, and through the
 * spare day when the operator has put it in use (then until the spare day ends).
 */
export function writesClosedUntil(w: MaintenanceWindow, now: number): number | null {
  const until = w.spareInUse ? Math.max(w.end, w.spareEnd) : w.end;
  if (now >= w.start && now < w.end) return w.spareInUse && w.spareStart <= w.end ? until : w.end;
  if (w.spareInUse && now >= w.spareStart && now < w.spareEnd) return w.spareEnd;
  return null;
}

/** The operator's zone as people read it next to the dates: `UTC+09:00`, or `UTC`. */
export function zoneLabel(w: MaintenanceWindow): string {
  return w.offset === 'Z' ? 'UTC' : `UTC${w.offset}`;
}

/**
 * A date of the window as it reads in the operator's zone, in the reader's language. The instant is
 * shifted by the offset and read as UTC, so no runtime's time-zone support is relied on.
 */
export function windowDate(w: MaintenanceWindow, ms: number, lang: string, withTime = false): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(w.offset);
  const shift = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  const style: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'long', timeStyle: 'short' }
    : { dateStyle: 'long' };
  return new Intl.DateTimeFormat(lang, { ...style, timeZone: 'UTC' }).format(new Date(ms + shift));
}
