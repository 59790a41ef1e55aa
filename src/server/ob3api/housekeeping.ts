import { runBatch } from '../db/batch';
import { tokensRepo } from './tokens-repo';

/** A spent code or an expired token is kept a day, so a late replay still meets "used" (and revokes). */
const KEPT_MS = 86_400_000;

/** Nightly clean-up of the OB 3.0 API's expired codes and tokens (already refused; space only). */
export async function purgeExpiredGrants(env: Env, now = Date.now()): Promise<void> {
  await runBatch(env.DB, tokensRepo(env.DB).purgeExpired(now - KEPT_MS));
}
