import { RpcError } from './rpc';

/**
 * Strict readers of JSON-RPC results. A node is an outside server: every field is checked for its
 * exact shape (0x-prefixed hex, bounded length) before it is used, and a wrong one is an RpcError
 * ('malformed'), never a crash further on.
 */
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]{0,63})$/i;
const DATA = /^0x([0-9a-f]{2})*$/i;
const HASH = /^0x[0-9a-f]{64}$/i;
const ADDRESS = /^0x[0-9a-f]{40}$/i;

function bad(method: string, what: string): never {
  throw new RpcError('malformed', method, `${what} is not valid`);
}

export function quantity(v: unknown, method: string, what = 'result'): bigint {
  if (typeof v !== 'string' || !QUANTITY.test(v)) bad(method, what);
  return BigInt(v);
}

/** A quantity that must fit a JavaScript number (block numbers, nonces, chain ids). */
export function smallQuantity(v: unknown, method: string, what = 'result'): number {
  const n = quantity(v, method, what);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) bad(method, what);
  return Number(n);
}

export function data(v: unknown, method: string, what = 'result', maxBytes = 128 * 1024): string {
  if (typeof v !== 'string' || v.length > 2 + maxBytes * 2 || !DATA.test(v)) bad(method, what);
  return v.toLowerCase();
}

export function hash32(v: unknown, method: string, what = 'result'): string {
  if (typeof v !== 'string' || !HASH.test(v)) bad(method, what);
  return v.toLowerCase();
}

export function address(v: unknown, method: string, what = 'result'): string {
  if (typeof v !== 'string' || !ADDRESS.test(v)) bad(method, what);
  return v.toLowerCase();
}

/** An object result, or null where the method answers null for "unknown" (receipts, transactions). */
export function objectOrNull(v: unknown, method: string): Record<string, unknown> | null {
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) bad(method, 'result');
  return v as Record<string, unknown>;
}
