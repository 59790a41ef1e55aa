const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * Whether a value is what OB 2.0 `verification.allowedOrigins` holds: the "host registered name"
 * of RFC 3986, a DNS name of letters, digits and hyphens (IDNs in punycode) with at least one dot.
 * Not a port, a scheme, a path or an IP address: the 1EdTech reference validator refuses those
 * (`127.0.0.1:8787` among them), and so does our verifier (HV-21).
 */
export function isHostName(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  // A dotted quad is an IPv4 address, not a registered name; top-level domains are never numeric.
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}
