import { createHash, randomBytes } from 'node:crypto';
import { localD1 } from '../../scripts/lib/local-d1.mjs';

export const DEMO_ACCOUNT = 'demo-account-hanako';

/**
 * Starts a session for the demo account the way login stores one (only the token's SHA-256), in the
 * same local D1 the running Worker reads. Returns the cookie value.
 */
export function startDemoSession(): string {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  localD1(
    `INSERT INTO sessions (token_hash, account_id, user_type, created_at, expires_at) VALUES ('${hash}', '${DEMO_ACCOUNT}', 2, ${now}, ${now + 86_400_000})`,
  );
  return token;
}
