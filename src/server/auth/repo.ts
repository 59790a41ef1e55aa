import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { sessions } from '../db/schema';

/** Ends one session (logout); the token is useless from this moment (SES-03). */
export async function deleteSession(d1: D1Database, tokenHash: string): Promise<void> {
  await db(d1).delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
}
