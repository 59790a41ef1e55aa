/**
 * The primitive value types of the Open Badges 2.0 data model ("Primitive datatypes" and the
 * "Expected Type" column of the class tables), as tests on a value read from a compacted document.
 * Each answers false for anything that is not a string of the right form: numbers, booleans,
 * objects and arrays never pass a string type (a value is never coerced).
 */

/** A scheme, then no white space: an absolute IRI (http(s), urn:uuid, mailto, data...). */
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]+$/i;

export const isText = (v: unknown): v is string => typeof v === 'string';

export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

export const isTextOrNumber = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

export function isIri(v: unknown): v is string {
  return typeof v === 'string' && ABSOLUTE_IRI.test(v);
}

/**
 * A JSON-LD blank node identifier (`_:b1`): names a node within its document only. The reference
 * validator takes one wherever it takes an IRI; here it may name an embedded node whose id is
 * optional (Evidence, Criteria), never a badge object that must be found at its id.
 */
export const isBlankNode = (v: unknown): v is string => typeof v === 'string' && /^_:\S+$/.test(v);

/** A fully qualified http or https URL (the only schemes interpreters are expected to read). */
export function isUrl(v: unknown): v is string {
  if (typeof v !== 'string' || !/^https?:\/\/[^\s]+$/i.test(v)) return false;
  try {
    return new URL(v).hostname.length > 0;
  } catch {
    return false;
  }
}

/** A data: URI with a comma between its header and its data (RFC 2397). */
export function isDataUri(v: unknown): v is string {
  return typeof v === 'string' && /^data:[^,\s]*,\S*$/i.test(v);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))$/i;

/**
 * An OB 2.0 DateTime: ISO 8601 with the time and a time zone indicator (a plain date, or a time
 * without a zone, was allowed in 1.x only), and a day that exists in the calendar.
 */
export function isDateTime(v: unknown): v is string {
  const m = typeof v === 'string' ? DATE_TIME.exec(v) : null;
  if (!m) return false;
  const [y, mo, d, h, mi, s = 0, zh = 0, zm = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
  if (
    !y ||
    !mo ||
    !d ||
    mo > 12 ||
    (h ?? 0) > 23 ||
    (mi ?? 0) > 59 ||
    (s ?? 0) > 59 ||
    (zh ?? 0) > 23 ||
    (zm ?? 0) > 59
  )
    return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A contact address: one "@" between a local part and a domain with a dot, no white space. */
export function isEmail(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 254 && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(v);
}

/** A JSON-LD type: a term of the context, a compact IRI or an IRI; one word, no white space. */
export function isTypeName(v: unknown): v is string {
  return typeof v === 'string' && /^[^\s]+$/.test(v);
}
