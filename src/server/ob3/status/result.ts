/**
 * What a status check says of one `credentialStatus` entry. `error` is never "not revoked": the
 * caller fails the badge (plan section 3: E176 when the list itself is malformed or does not cover
 * the entry, E999 for a status method not read here).
 */
export type Ob3StatusResult =
  | { state: 'active' }
  | { state: 'revoked' }
  | { state: 'suspended' }
  | { state: 'error'; code: 'E176' | 'E999'; reason: string };

export type Obj = Record<string, unknown>;

export const ACTIVE: Ob3StatusResult = { state: 'active' };

/** A refusal because the list or the entry is malformed (E176). */
export const malformed = (reason: string): Ob3StatusResult => ({ state: 'error', code: 'E176', reason });

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values of a property that may be one value or an array of them. */
export const many = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
