import { createHash, randomBytes } from 'node:crypto';
import { localD1 } from '../../scripts/lib/local-d1.mjs';

/** The demo recipient's account, created by registration when the server starts (scripts/demo-seed.mjs). */
function demoAccountId(): string {
  const row = localD1(
    "SELECT account_id FROM account_emails WHERE email_normalized = 'demo@lanyard.localhost' AND verified_at IS NOT NULL",
  )[0];
  return String(row?.['account_id'] ?? '');
}

/**
 * Starts a session for the demo account the way login stores one (only the token's SHA-256), in the
 * same local D1 the running Worker reads. Returns the cookie value.
 */
export function startDemoSession(): string {
  return startSessionFor(demoAccountId());
}

/** A session for any account, stored as login stores it. */
export function startSessionFor(accountId: string): string {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  localD1(
    `INSERT INTO sessions (token_hash, account_id, user_type, created_at, expires_at) VALUES ('${hash}', '${accountId}', 2, ${now}, ${now + 86_400_000})`,
  );
  return token;
}
