import type { OutboundPolicy } from './fetch';

const DEFAULT_DOH = 'https://cloudflare-dns.com/dns-query';

/**
 * The outbound policy of this deployment. OUTBOUND_TEST_ALLOW (comma-separated host:port) lets
 * tests reach issuers on 127.0.0.1, and OUTBOUND_TEST_HOSTS stands local servers in for public
 * names; both are ignored when ENVIRONMENT is production, so no setting can open the guard there.
 */
export function outboundPolicy(env: Pick<Env, 'PUBLIC_BASE_URL' | 'ENVIRONMENT'> & Partial<Env>): OutboundPolicy {
  const production = env.ENVIRONMENT === 'production';
  const items = (v: string | undefined) =>
    production
      ? []
      : (v ?? '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean);
  return {
    ownHost: new URL(env.PUBLIC_BASE_URL).hostname,
    allow: new Set(items(env.OUTBOUND_TEST_ALLOW)),
    dohUrl: env.DOH_URL || DEFAULT_DOH,
    standIns: standInsOf(items(env.OUTBOUND_TEST_HOSTS)),
  };
}

/**
 * OUTBOUND_TEST_HOSTS (`name=127.0.0.1:port`, comma-separated): public names whose requests a
 * local stand-in answers, for the browser tests, where the Worker has no network and 1EdTech's
 * fixtures name issuers at example.edu (issue 38). The request keeps its path and is sent as http
 * to the stand-in, with no DNS; everything else about it (budget, size, redirects) is as online.
 * Only loopback stand-ins are taken, and none in production.
 */
function standInsOf(items: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of items) {
    const [name, target] = item.split('=');
    if (name && target && /^127\.0\.0\.1:\d{1,5}$/.test(target)) map.set(name, target);
  }
  return map;
}
