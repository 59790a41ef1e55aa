import Argon2, { Argon2Type, Argon2Version } from '@phi-ag/argon2';
import argon2Wasm from '@phi-ag/argon2/argon2.wasm';
import { passwordHashCost, type PasswordCostSettings } from './password-cost';

/**
 * Argon2id, at the cost the configuration gives (password-cost.ts: the security guide's m = 19 MiB,
 * t = 2, p = 1 everywhere but the test runs). The WebAssembly module is imported, never compiled
 * from bytes (Workers forbid that).
 */
const ARGON2_FORMAT = { type: Argon2Type.Argon2id, version: Argon2Version.Version13, hashLength: 32 } as const;

let argon: Promise<Argon2> | undefined;
function instance(): Promise<Argon2> {
  argon ??= WebAssembly.instantiate(argon2Wasm).then((i) => new Argon2(i));
  return argon;
}

/** Hashes a password (already normalised by the policy) into a PHC string with its parameters. */
export async function hashPassword(settings: PasswordCostSettings, password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return (await instance()).hash(password, { ...ARGON2_FORMAT, ...passwordHashCost(settings), salt }).encoded;
}

/** True when the password matches the stored PHC string (whose own parameters are used, whatever the setting). */
export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  return (await instance()).tryVerify(encoded, password, Argon2Type.Argon2id).success;
}

// One throwaway hash per cost, made once per isolate.
const dummies = new Map<string, Promise<string>>();
/** The throwaway hash of burnPasswordCheck: made at the cost real hashes are made at. */
export function dummyHash(settings: PasswordCostSettings): Promise<string> {
  const key = JSON.stringify(passwordHashCost(settings));
  let dummy = dummies.get(key);
  if (!dummy) dummies.set(key, (dummy = hashPassword(settings, crypto.randomUUID())));
  return dummy;
}

/**
 * Checks a password against a throwaway hash, so an unknown email costs the same time as a known
 * one (security guide AUTH-07).
 */
export async function burnPasswordCheck(settings: PasswordCostSettings, password: string): Promise<void> {
  await verifyPassword(await dummyHash(settings), password);
}
