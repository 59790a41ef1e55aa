/**
 * Dates of an assertion (spec §8: E042/E043 issue date, E044-E046 expiry), read once for the two
 * date checks and for the report. Dates must be ISO 8601 with a time zone or a plain date; an
 * expiry before the issue date is an error; an expired badge is still reported in full.
 */
const ISO = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/;

export function parseIsoDate(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO.test(value.trim())) return null;
  const ms = Date.parse(value.trim());
  return Number.isNaN(ms) ? null : ms;
}

/** Clock skew allowed for an issue date "in the future". */
const SKEW_MS = 5 * 60_000;

export interface DateVerdict {
  issuedOn: number | null;
  expires: number | null;
  codes: ('E042' | 'E043' | 'E044' | 'E045' | 'E046')[];
}

export function checkDates(issuedOn: unknown, expires: unknown, now: number): DateVerdict {
  const codes: DateVerdict['codes'] = [];
  const issued = parseIsoDate(issuedOn);
  if (issued === null) codes.push('E042');
  else if (issued > now + SKEW_MS) codes.push('E043');
  let exp: number | null = null;
  if (expires !== undefined && expires !== null) {
    exp = parseIsoDate(expires);
    if (exp === null) codes.push('E044');
    else if (issued !== null && exp < issued) codes.push('E046');
    else if (exp <= now) codes.push('E045');
  }
  return { issuedOn: issued, expires: exp, codes };
}
