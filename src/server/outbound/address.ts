/**
 * Which IP addresses an outbound fetch may reach: public unicast only (security guide SSRF-01..03).
 * Addresses arrive as WHATWG URL hostnames, which already canonicalise every IPv4 spelling
 * (2130706433, 0x7f000001, 0177.0.0.1, 127.1, full-width digits) to dotted decimal and IPv6 to
 * its compressed form in brackets.
 */

const V4_BLOCKED: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8 private
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12 private
  [0xc0000000, 24], // 192.0.0/24 protocol assignments
  [0xc0000200, 24], // 192.0.2/24 documentation
  [0xc0a80000, 16], // 192.168/16 private
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xc6336400, 24], // 198.51.100/24 documentation
  [0xcb007100, 24], // 203.0.113/24 documentation
  [0xe0000000, 4], // 224/4 multicast
  [0xf0000000, 4], // 240/4 reserved and broadcast
];

export function parseIPv4(host: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return parts.reduce((acc, p) => acc * 256 + p, 0);
}

export function isPublicIPv4(n: number): boolean {
  return !V4_BLOCKED.some(([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)));
}

/** Eight 16-bit groups of an IPv6 address (brackets allowed), or null. */
export function parseIPv6(host: string): number[] | null {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!h.includes(':')) return null;
  let tail: number[] = [];
  let text = h;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (v4) {
    const n = parseIPv4(v4[1] ?? '');
    if (n === null) return null;
    tail = [Math.floor(n / 65536), n % 65536];
    text = h.slice(0, -(v4[1] ?? '').length).replace(/:$/, ':0');
    if (text.endsWith('::0')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const fill = 8 - tail.length - head.length - rest.length;
  if (halves.length === 1 && fill !== 0) return null;
  if (fill < 0) return null;
  const all = [...head, ...Array<number>(halves.length === 2 ? fill : 0).fill(0), ...rest, ...tail];
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

export function isPublicIPv6(g: number[]): boolean {
  const [a = 0, b = 0] = g;
  if (g.every((x) => x === 0)) return false; // :: unspecified
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return false; // ::1 loopback
  // IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96 and IPv4-compatible ::/96: judge the IPv4 inside.
  const embedded = (g[6] ?? 0) * 65536 + (g[7] ?? 0);
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return isPublicIPv4(embedded);
  if (a === 0x64 && b === 0xff9b) return isPublicIPv4(embedded);
  if ((a & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
  if ((a & 0xffc0) === 0xfe80) return false; // fe80::/10 link-local
  if ((a & 0xffc0) === 0xfec0) return false; // fec0::/10 site-local (deprecated)
  if ((a & 0xff00) === 0xff00) return false; // ff00::/8 multicast
  if (a === 0x2001 && b === 0x0db8) return false; // documentation
  if (a === 0x2002) return isPublicIPv4((g[1] ?? 0) * 65536 + (g[2] ?? 0)); // 6to4 carries an IPv4
  return true;
}

/** A literal address's verdict, or null when the host is a name (then DNS decides). */
export function literalIsPublic(host: string): boolean | null {
  const v4 = parseIPv4(host);
  if (v4 !== null) return isPublicIPv4(v4);
  const v6 = parseIPv6(host);
  if (v6) return isPublicIPv6(v6);
  return host.includes(':') || host.startsWith('[') ? false : null;
}
