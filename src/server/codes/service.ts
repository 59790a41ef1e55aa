import { CONFIG } from '../config';
import type { BatchItem } from '../db/batch';
import { AppError } from '../errors';
import { randomCode } from './generate';
import { codeHash, sameDigest, type CodeBinding } from './hash';
import { codesRepo } from './repo';

/**
 * A new six-digit code for (account, purpose, target), as statements for the caller's batch (which
 * also holds the outbox mail that carries it). At most `maxPerHour` codes per account and purpose
 * (CODE-01); issuing one retires the earlier ones.
 */
export async function prepareCode(
  env: Env,
  b: CodeBinding,
  now: number,
): Promise<{ code: string; statements: BatchItem[] }> {
  const repo = codesRepo(env.DB);
  if ((await repo.issuedSince(b, now - 3_600_000)) >= CONFIG.code.maxPerHour) throw new AppError('E429100');
  const code = randomCode(CONFIG.code.digits);
  const expiresAt = now + CONFIG.code.ttlMinutes * 60_000;
  return { code, statements: [repo.retireLive(b, now), repo.insert(b, await codeHash(env, b, code), expiresAt, now)] };
}

/**
 * Checks a code. An attempt is spent before comparing, with one conditional UPDATE, so parallel
 * guesses never exceed the cap (CODE-02); a right code is used once (CODE-03). Wrong: E400102 with
 * the tries left; expired, used, replaced or out of tries: E410102.
 */
export async function checkCode(env: Env, b: CodeBinding, code: string, now: number): Promise<void> {
  const repo = codesRepo(env.DB);
  const live = await repo.latestLive(b, now);
  if (!live) throw new AppError('E410102');
  const used = await repo.spendAttempt(live.id, CONFIG.code.maxAttempts, now);
  if (used === null) throw new AppError('E410102');
  const right = /^\d+$/.test(code) && sameDigest(await codeHash(env, b, code), live.codeHash);
  if (!right) {
    const left = CONFIG.code.maxAttempts - used;
    throw left > 0 ? new AppError('E400102', { count: left }) : new AppError('E410102');
  }
  if (!(await repo.consume(live.id, now))) throw new AppError('E410102');
}
