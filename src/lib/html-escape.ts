/**
 * Text made safe for HTML element content and double- or single-quoted attribute values. The one
 * escaper for HTML the server writes by hand (mail bodies, Blockcerts displays).
 */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
