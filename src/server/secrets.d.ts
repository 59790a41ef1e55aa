// Secrets are not in wrangler.toml, so `wrangler types` cannot see them; declared here once.
interface Env {
  /** Base64url secret; its SHA-256 is the AES-256-GCM key that seals issuers' private keys. */
  KEY_ENCRYPTION_KEY?: string;
  /** Bearer token that may create issuers (the issuer API's only administrative call). */
  ISSUER_ADMIN_TOKEN?: string;
  /** Development only: the token of POST /api/dev/sql, made afresh by each `npm start` (never in production). */
  DEV_SQL_TOKEN?: string;
  /** SMTP transport (MAIL_TRANSPORT=smtp): host, port, tls | starttls | none, and credentials. */
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_SECURITY?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  /** HTTP mail API transport (MAIL_TRANSPORT=http): the send endpoint and its bearer key. */
  MAIL_HTTP_URL?: string;
  MAIL_HTTP_TOKEN?: string;
  /** Outbound guard: host:port pairs tests may reach (ignored in production), and the DoH resolver. */
  OUTBOUND_TEST_ALLOW?: string;
  /** Browser tests only (never production): public names served by a local stand-in, name=127.0.0.1:port,... */
  OUTBOUND_TEST_HOSTS?: string;
  DOH_URL?: string;
  /**
   * Blockcerts anchoring (issue 19): the JSON-RPC URL of an Ethereum node, the network it must be
   * (mainnet | sepolia; its eth_chainId is checked), the confirmations a batch waits for, and the
   * issuing key (0x + 64 hex, a secret: wrangler secret put CHAIN_PRIVATE_KEY).
   */
  CHAIN_RPC_URL?: string;
  CHAIN_NETWORK?: string;
  CHAIN_CONFIRMATIONS?: string;
  CHAIN_PRIVATE_KEY?: string;
  /**
   * Not a secret, but optional, so declared here: the maintenance window (spec §2, §9), JSON
   * `{"start": ISO, "end": ISO, "spare_day": "YYYY-MM-DD", "spare_in_use"?: true}`; absent = spec's 2022 window.
   */
  MAINTENANCE_WINDOW?: string;
  /**
   * Not a secret, but optional: the footer's and menu's help, privacy and terms links (issue 35,
   * README "Footer and help links"), JSON of URL templates with {lang} and {region}, by language.
   */
  SITE_LINKS?: string;
  /**
   * Not a secret, and never set in production: `test` makes new password hashes at Argon2id's least
   * cost, for the test runs (issue 34, item 3); absent or `full`, the security guide's cost. Refused in production.
   */
  PASSWORD_HASH_COST?: string;
  /**
   * Portal sign-in (issue 20; docs/design/sign-in.md "Portal sign-in"): a JSON array of OpenID providers
   * ({ id, name, issuer, client_id, algorithms?, logout?, account_url?, scope? }), their client
   * secrets as a JSON object by id (a secret: wrangler secret put PORTAL_CLIENT_SECRETS), and the
   * longest time between two portal authentications in hours (default 12; SSO-07).
   */
  PORTAL_PROVIDERS?: string;
  PORTAL_CLIENT_SECRETS?: string;
  PORTAL_SESSION_HOURS?: string;
}
