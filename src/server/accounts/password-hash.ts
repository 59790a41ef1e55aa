import Argon2, { Argon2Type, Argon2Version } from '@phi-ag/argon2';
import argon2Wasm from '@phi-ag/argon2/argon2.wasm';

/**
 * Argon2id with m = 19 MiB, t = 2, p = 1 (security guide, fixed decisions; OWASP's minimum). The
 * WebAssembly module is imported, never compiled from bytes (Workers forbid that).
 */
export const ARGON2_PARAMS = {
  type: Argon2Type.Argon2id,
  version: Argon2Version.Version13,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  hashLength: 32,
} as const;

let argon: Promise<Argon2> | undefined;
function instance(): Promise<Argon2> {
  argon ??= WebAssembly.instantiate(argon2Wasm).then((i) => new Argon2(i));
  return argon;
}

/** Hashes a password (already normalised by the policy) into a PHC string with its parameters. */
export async function hashPassword(password: string): Promise<string> {
  return (await instance()).hash(password, { ...ARGON2_PARAMS, salt: crypto.getRandomValues(new Uint8Array(16)) })
    .encoded;
}

/** True when the password matches the stored PHC string. */
export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  return (await instance()).tryVerify(encoded, password, Argon2Type.Argon2id).success;
}

let dummy: Promise<string> | undefined;
/**
 * Checks a password against a throwaway hash, so an unknown email costs the same time as a known
 * one (security guide AUTH-07).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await dummy, password);
}
