/** The approximate place Cloudflare gives a request (request.cf), or nulls: locally there is none. */
export interface Place {
  country: string | null;
  city: string | null;
}

/** Control characters are never stored: the value is shown to people and put in mails. */
// eslint-disable-next-line no-control-regex -- the point is to match control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Reads country (ISO 3166 alpha-2) and city from request.cf; anything malformed is dropped. Only on
 * Cloudflare's edge (`onEdge`: ENVIRONMENT is production): local workerd fills request.cf with a
 * fixed placeholder (Austin, US), which would be a made-up place.
 */
export function placeOf(req: Request, onEdge: boolean): Place {
  if (!onEdge) return { country: null, city: null };
  const cf = (req as Request & { cf?: { country?: unknown; city?: unknown } }).cf;
  const country = typeof cf?.country === 'string' && /^[A-Z]{2}$/.test(cf.country) ? cf.country : null;
  const city = typeof cf?.city === 'string' ? cf.city.replace(CONTROL, '').trim().slice(0, 80) || null : null;
  // "XX" and "T1" are Cloudflare's "unknown" and "Tor" codes, not places.
  return country && !['XX', 'T1'].includes(country) ? { country, city } : { country: null, city: null };
}

/** The place in words for a language ("Osaka, Japan"), or null when the platform gave none. */
export function placeLabel(place: Place, lang: string): string | null {
  if (!place.country) return null;
  let name = place.country;
  try {
    name = new Intl.DisplayNames([lang], { type: 'region' }).of(place.country) ?? place.country;
  } catch {
    // An unknown language tag: the code itself is still a correct, if terse, answer.
  }
  return place.city ? `${place.city}, ${name}` : name;
}
