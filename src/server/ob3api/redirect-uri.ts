const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * Whether an application may register this redirect URI: an absolute https URL, or (outside
 * production) plain http to a loopback address literal as RFC 8252 §7.3 allows native apps; never
 * a fragment or user info (RFC 6749 §3.1.2), and only in its canonical form, so the exact match at
 * authorize compares what the browser will really be sent to (RED-01..05).
 */
export function redirectUriAllowed(value: string, environment: string): boolean {
  if (value.length > 2000) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.href !== value || url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '')
    return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && environment !== 'production' && LOOPBACK.has(url.hostname);
}

/** Any http(s) URL a consent page may link to (client_uri, logo_uri, tos_uri, policy_uri). */
export function httpUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
