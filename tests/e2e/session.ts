import { createHash, randomBytes } from 'node:crypto';
import { devSql } from '../../scripts/lib/dev-sql.mjs';

const ORIGIN = 'http://127.0.0.1:8787';

/** The demo recipient's account, created by registration when the server starts (scripts/demo-seed.mjs). */
async function demoAccountId(): Promise<string> {
  const [row] = await devSql(
    ORIGIN,
    "SELECT account_id FROM account_emails WHERE email_normalized = 'demo@lanyard.localhost' AND verified_at IS NOT NULL",
  );
  return String(row?.['account_id'] ?? '');
}

/**
 * Starts a session for the demo account the way login stores one (only the token's SHA-256), in the
 * same local D1 the running Worker reads. Returns the cookie value.
 */
export async function startDemoSession(): Promise<string> {
  return startSessionFor(await demoAccountId());
}

/** A session for any account, stored as login stores it. */
export async function startSessionFor(accountId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  await devSql(
    ORIGIN,
    `INSERT INTO sessions (token_hash, account_id, user_type, created_at, expires_at) VALUES ('${hash}', '${accountId}', 2, ${now}, ${now + 86_400_000})`,
  );
  return token;
}
