// Secrets are not in wrangler.toml, so `wrangler types` cannot see them; declared here once.
interface Env {
  /** Base64url secret; its SHA-256 is the AES-256-GCM key that seals issuers' private keys. */
  KEY_ENCRYPTION_KEY?: string;
  /** Bearer token that may create issuers (the issuer API's only administrative call). */
  ISSUER_ADMIN_TOKEN?: string;
}
