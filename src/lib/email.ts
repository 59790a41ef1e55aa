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

/**
 * The address with an internationalised domain written in punycode ("user@bücher.example" becomes
 * "user@xn--bcher-kva.example"), as mail servers and the OB 2.0 hash expect it; the local part is
 * kept as typed. A domain that is not plainly letters, digits, hyphens and dots is returned as it
 * came, so validation refuses it rather than a URL parser reading a path or port out of it.
 */
export function asciiEmailDomain(raw: string): string {
  const email = raw.trim();
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  if (at <= 0 || /^[\x21-\x7e]*$/.test(domain) || !/^[\p{L}\p{M}\p{N}.\u3002\uff0e\uff61-]+$/u.test(domain))
    return email;
  try {
    return `${email.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return email;
  }
}

/** The forms' quick shape check before sending (the server validates properly with zod). */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
