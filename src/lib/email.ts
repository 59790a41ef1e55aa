/**
 * The one normal form of an email address, used for matching, uniqueness (ACC-02) and the OB 2.0
 * recipient hash: trimmed, lower-cased (local part included: providers treat it case-insensitively
 * in practice), the domain converted to punycode. No plus-stripping: "a+b@x" is its own address.
 */
export function normalizeEmail(raw: string): string {
  const email = raw.trim();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email.toLowerCase();
  const local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  try {
    domain = new URL(`http://${domain}`).hostname;
  } catch {
    // keep the lower-cased domain; validation rejects it elsewhere
  }
  return `${local}@${domain}`;
}

/** The forms' quick shape check before sending (the server validates properly with zod). */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
