import { base64url, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { AppError } from '../errors';
import { challengeRepo, type ChallengeOwner, type ChallengePurpose } from './challenge-repo';

const TTL_MS = CONFIG.passkeys.challengeMinutes * 60_000;

/** The browser's time limit for the ceremony: the same as the challenge's life. */
export const CEREMONY_TIMEOUT_MS = TTL_MS;

/** A fresh 256-bit challenge, stored (as its digest) for one purpose and owner. */
export async function issueChallenge(d1: D1Database, purpose: ChallengePurpose, owner: ChallengeOwner, now: number) {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const challenge = base64url(bytes);
  await challengeRepo(d1).insert(await sha256Hex(challenge), purpose, owner, now, now + TTL_MS);
  return challenge;
}

const REFUSALS = { unknown: 'E400153', used: 'E400154', expired: 'E400155' } as const;

/**
 * Consumes the challenge the response answers (single use, in one statement): its owner, or the
 * reason it cannot be used: unknown or made for another step (E400153), already used (E400154),
 * expired (E400155).
 */
export async function consumeChallenge(d1: D1Database, challenge: string, purpose: ChallengePurpose, now: number) {
  const repo = challengeRepo(d1);
  const hash = await sha256Hex(challenge);
  const owner = await repo.consume(hash, purpose, now);
  if (owner) return owner;
  throw new AppError(REFUSALS[await repo.refusal(hash, purpose, now)]);
}

/** The nightly purge of challenges that ran out (jobs/scheduled.ts). */
export const purgeExpiredChallenges = (d1: D1Database, now: number) => challengeRepo(d1).purgeExpired(now);
