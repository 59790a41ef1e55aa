import { deleteSession } from './repo';

/** Ends one session (logout); the token is useless from this moment (SES-03). */
export const endSession = (d1: D1Database, tokenHash: string) => deleteSession(d1, tokenHash);
