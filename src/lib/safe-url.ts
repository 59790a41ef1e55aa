/**
 * An address that may go into an href: http(s) only (XSS-02). Input validation already refuses
 * other schemes; this is the check at output, for rows written before or around that validation.
 */
export function safeUrl(u: string | null | undefined): string | null {
  if (!u) return null;
  try {
    const url = new URL(u.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
