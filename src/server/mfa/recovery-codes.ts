import { sha256Hex } from '../auth/tokens';
import { base32Encode } from './totp';

/** How many recovery codes an account gets, each usable once (issue 22). */
export const RECOVERY_CODE_COUNT = 10;

/** Ten fresh 80-bit codes, shown once as xxxx-xxxx-xxxx-xxxx (base32, lower case, easy to type). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(crypto.getRandomValues(new Uint8Array(10))).toLowerCase();
    return raw.match(/.{4}/g)?.join('-') ?? raw;
  });
}

/** What a typed code is compared as: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(typed: string): string | null {
  const clean = typed.replace(/[\s-]/g, '').toLowerCase();
  return /^[a-z2-7]{16}$/.test(clean) ? clean : null;
}

/** The stored digest: bound to the account, so one account's digest says nothing of another's. */
export const recoveryCodeHash = (accountId: string, normalized: string) =>
  sha256Hex(`recovery:${accountId}:${normalized}`);
