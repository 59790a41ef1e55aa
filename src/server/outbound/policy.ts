import type { OutboundPolicy } from './fetch';

const DEFAULT_DOH = 'https://cloudflare-dns.com/dns-query';

/**
 * The outbound policy of this deployment. OUTBOUND_TEST_ALLOW (comma-separated host:port) lets
 * tests reach issuers on 127.0.0.1; it is ignored when ENVIRONMENT is production, so no setting can
 * open the guard there.
 */
export function outboundPolicy(env: Pick<Env, 'PUBLIC_BASE_URL' | 'ENVIRONMENT'> & Partial<Env>): OutboundPolicy {
  const allow =
    env.ENVIRONMENT === 'production'
      ? new Set<string>()
      : new Set(
          (env.OUTBOUND_TEST_ALLOW ?? '')
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        );
  return { ownHost: new URL(env.PUBLIC_BASE_URL).hostname, allow, dohUrl: env.DOH_URL || DEFAULT_DOH };
}
