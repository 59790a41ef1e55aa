import { AppError } from '../errors';
import { parseIPv6 } from '../outbound/address';

/**
 * Who is asking, for throttling: Cloudflare's CF-Connecting-IP (set at the edge, never taken from
 * X-Forwarded-For). An IPv6 client counts as its /64, which one subscriber usually holds whole.
 */
export function clientKey(headers: Headers): string {
  const ip = headers.get('cf-connecting-ip')?.trim() ?? '';
  const v6 = ip.includes(':') ? parseIPv6(ip) : null;
  if (v6)
    return `ip6:${v6
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}`;
  return ip ? `ip:${ip}` : 'ip:unknown';
}

/**
 * One step of a Workers Rate Limiting binding (SSRF-16): E429100 when the key is over its limit.
 * The binding counts per Cloudflare location and approximately, which is what abuse throttling
 * needs; exact quotas would need a counter in D1 on every request.
 */
export async function throttle(limiter: RateLimit, key: string): Promise<void> {
  const { success } = await limiter.limit({ key });
  if (!success) throw new AppError('E429100');
}
