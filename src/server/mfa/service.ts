import { randomToken, sha256Hex } from '../auth/tokens';
import { qrSvg } from '../images/qr';
import { AppError } from '../errors';
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { mfaRepo, type PendingLogin } from './repo';

export type { PendingLogin };
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

/** How long the second step may take after the password was accepted. */
export const SECOND_STEP_MS = 5 * 60_000;

/** What the settings page shows: whether app codes are on, and how many recovery codes are left. */
export const twoStepStatus = (d1: D1Database, accountId: string) => mfaRepo(d1).status(accountId);

/** Whether an account is asked for a second step after its password. */
export const needsSecondStep = (d1: D1Database, accountId: string) => mfaRepo(d1).enabled(accountId);

/**
 * Starts enrolment: a fresh secret, its otpauth URI and the QR code of it. Nothing changes at sign-in
 * until a code from the app confirms it. Already on: E409140 (turn it off first).
 */
export async function startTotp(d1: D1Database, accountId: string, label: string, now = Date.now()) {
  const secret = newTotpSecret();
  if (!(await mfaRepo(d1).startEnrolment(accountId, secret, now))) throw new AppError('E409140');
  const uri = otpauthUri(secret, 'Lanyard', label);
  return { secret, uri, qrSvg: await qrSvg(uri) };
}

/**
 * Confirms enrolment with a code from the app and returns the ten recovery codes, shown this once.
 * No enrolment in progress (or a newer one replaced it): E409141. Wrong code: E400140.
 */
export async function confirmTotp(d1: D1Database, accountId: string, code: string, now = Date.now()) {
  const repo = mfaRepo(d1);
  const secret = await repo.pendingSecret(accountId);
  if (!secret) throw new AppError('E409141');
  const step = await matchingStep(secret, code.trim(), now);
  if (step === null) throw new AppError('E400140');
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => recoveryCodeHash(accountId, c.replace(/-/g, ''))));
  if (!(await repo.confirm(accountId, secret, step, hashes, now))) throw new AppError('E409141');
  return codes;
}

/** Turns app codes off (the caller has re-authenticated the person). */
export const disableTotp = (d1: D1Database, accountId: string) => mfaRepo(d1).disable(accountId);

/** The nightly purge of pending second steps that ran out (cron, jobs/scheduled.ts). */
export const purgeExpiredSecondSteps = (d1: D1Database, now: number) => mfaRepo(d1).purgeExpired(now);

/** Opens the second step after a right password: the ticket goes to the browser in a cookie. */
export async function beginSecondStep(d1: D1Database, accountId: string, loginEmail: string, now = Date.now()) {
  const ticket = randomToken(32);
  await mfaRepo(d1).createPending(await sha256Hex(ticket), accountId, loginEmail, now, now + SECOND_STEP_MS);
  return { ticket, maxAgeSeconds: SECOND_STEP_MS / 1000 };
}

/** The pending sign-in a ticket names, or null (unknown, expired, used, or the account is gone). */
export async function pendingSecondStep(d1: D1Database, ticket: string, now = Date.now()) {
  if (!ticket || ticket.length > 128) return null;
  return mfaRepo(d1).pending(await sha256Hex(ticket), now);
}

/** Closes a pending sign-in after a passkey verified it; false if it was closed or expired meanwhile. */
export async function closeSecondStep(d1: D1Database, ticket: string, accountId: string, now = Date.now()) {
  return mfaRepo(d1).close(await sha256Hex(ticket), accountId, now);
}

/**
 * Checks a code for a pending sign-in: a 6-digit app code (its time step newer than any accepted
 * before) or an unused recovery code. True closes the pending sign-in; false means wrong, reused,
 * or lost to a parallel request with the same code: the caller counts it as a failed attempt.
 */
export async function completeSecondStep(
  d1: D1Database,
  ticket: string,
  pending: PendingLogin,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const repo = mfaRepo(d1);
  const ticketHash = await sha256Hex(ticket);
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) {
    const step = pending.secret ? await matchingStep(pending.secret, typed, now) : null;
    return step !== null && repo.completeWithStep(ticketHash, pending.accountId, step, now);
  }
  const normalized = normalizeRecoveryCode(typed);
  if (!normalized) return false;
  const hash = await recoveryCodeHash(pending.accountId, normalized);
  return repo.completeWithRecovery(ticketHash, pending.accountId, hash, now);
}
