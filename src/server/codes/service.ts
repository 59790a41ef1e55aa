import { CONFIG } from '../config';
import { newId } from '../auth/tokens';
import type { BatchItem, SqlCondition } from '../db/batch';
import { AppError } from '../errors';
import { randomCode } from './generate';
import { codeHash, sameDigest, type CodeBinding } from './hash';
import { codesRepo } from './repo';

/** A code ready to be issued: its statements, and the condition "it was issued" for what depends on it. */
export interface PreparedCode {
  code: string;
  /** The conditional insert first (`wasIssued` reads its result), then the older codes retired. */
  statements: BatchItem[];
  issued: SqlCondition;
}

/**
 * A new six-digit code for (account, purpose, target), as statements for the caller's batch (which
 * also holds the outbox mail that carries it, written `onlyIf: issued`). At most `maxPerHour` codes
 * per account and purpose (CODE-01), counted by the insert itself, so parallel requests cannot pass
 * the cap (CON-10); `requires` is the caller's own precondition, checked by the same statement.
 * Issuing one retires the earlier ones.
 */
export async function prepareCode(
  env: Env,
  b: CodeBinding,
  now: number,
  requires?: SqlCondition,
): Promise<PreparedCode> {
  const repo = codesRepo(env.DB);
  const code = randomCode(CONFIG.code.digits);
  const expiresAt = now + CONFIG.code.ttlMinutes * 60_000;
  const id = newId();
  const cap = { since: now - 3_600_000, max: CONFIG.code.maxPerHour, requires };
  return {
    code,
    statements: [
      repo.insertUnderCap(id, b, await codeHash(env, b, code), expiresAt, now, cap),
      repo.retireOthers(b, id, now),
    ],
    issued: repo.issued(id),
  };
}

/** Whether the code's insert (result `at`) issued it; false: the hourly cap, or `requires` failed. */
export const wasIssued = (results: D1Result[], at = 0): boolean => (results[at]?.meta.changes ?? 0) > 0;

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
