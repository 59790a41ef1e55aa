import { randomToken, sha256Hex } from '../auth/tokens';

/** A fresh verification link token (256 random bits) and the digest stored for it (never the token). */
export async function newEmailLink(): Promise<{ token: string; hash: string }> {
  const token = randomToken(32);
  return { token, hash: await sha256Hex(token) };
}
