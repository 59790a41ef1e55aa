/** The relying party of every WebAuthn ceremony: its id (a host name) and the one origin accepted. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** Loopback addresses, which WebAuthn cannot use as an RP id (it must be a domain). */
const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

/**
 * The RP id is the host name of PUBLIC_BASE_URL and the expected origin its origin, never anything
 * from the request (an attacker's Host header must not choose what a signature is checked against).
 * An IP address cannot be an RP id (Chromium: "This is an invalid domain"), so when the configured
 * origin is a loopback IP (local development and tests: http://127.0.0.1:<port>) the RP is
 * `localhost` on the same port, which browsers treat as a secure context: passkeys are tried
 * locally at http://localhost:<port>.
 */
export function relyingParty(env: Pick<Env, 'PUBLIC_BASE_URL'>): RelyingParty {
  const url = new URL(env.PUBLIC_BASE_URL);
  if (LOOPBACK_IPS.has(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: 'Lanyard' };
}
