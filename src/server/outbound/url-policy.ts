import { literalIsPublic } from './address';

/** Why an outbound URL was refused (logged; users see one "URL not allowed" message). */
export type Refusal =
  | 'malformed'
  | 'too-long'
  | 'scheme'
  | 'port'
  | 'credentials'
  | 'private-address'
  | 'reserved-name'
  | 'own-host'
  | 'dns';

export class OutboundRefused extends Error {
  constructor(
    readonly reason: Refusal,
    readonly url: string,
  ) {
    super(`outbound URL refused (${reason})`);
    this.name = 'OutboundRefused';
  }
}

export interface UrlPolicy {
  /** Our own hostname: never fetched (SSRF-10). */
  ownHost: string;
  /**
   * host:port pairs that skip the address rules: test issuers on 127.0.0.1. Empty in production,
   * where the setting is ignored (see outbound/policy.ts).
   */
  allow: ReadonlySet<string>;
}

export const MAX_URL_LENGTH = 2048;
const RESERVED_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet'];

/**
 * Checks an outbound URL before any request. The scheme is https, or http for legacy (OB 1.x) and
 * plain-http hosted badges, which exist in the wild; each only on its default port, with no
 * credentials. Literal addresses must be public; names are resolved afterwards (`needsDns`).
 */
export function checkUrl(raw: string, policy: UrlPolicy): { url: URL; needsDns: boolean } {
  if (raw.length > MAX_URL_LENGTH) throw new OutboundRefused('too-long', raw.slice(0, 100));
  // WHATWG URL would silently drop tabs and newlines; a URL that carries them is refused instead.
  if (/\p{Cc}/u.test(raw)) throw new OutboundRefused('malformed', raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('malformed', raw);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused('scheme', raw);
  if (url.username || url.password) throw new OutboundRefused('credentials', raw);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (policy.allow.has(`${host}:${url.port}`)) return { url, needsDns: false };
  if (url.port !== '') throw new OutboundRefused('port', raw);
  if (!host || host === 'localhost' || RESERVED_SUFFIXES.some((s) => host.endsWith(s)))
    throw new OutboundRefused('reserved-name', raw);
  if (host === 'metadata.google.internal' || host === policy.ownHost.toLowerCase())
    throw new OutboundRefused(host === policy.ownHost.toLowerCase() ? 'own-host' : 'reserved-name', raw);
  const literal = literalIsPublic(host);
  if (literal === false) throw new OutboundRefused('private-address', raw);
  // A bare single label ("intranet") is never a public name.
  if (literal === null && !host.includes('.')) throw new OutboundRefused('reserved-name', raw);
  return { url, needsDns: literal === null };
}
