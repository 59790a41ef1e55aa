import type { FetchBudget } from '../outbound/fetch';

type Obj = Record<string, unknown>;

/** What can be verified: a hosted assertion's URL, its JSON, or a signed badge's compact JWS. */
export type VerifyInput =
  | { kind: 'url'; url: string }
  | { kind: 'json'; doc: Obj }
  /** `claims`: its payload, when whoever found it has read it already (a PDF's attachment). */
  | { kind: 'jws'; text: string; claims?: Obj };

/** One document of the chain: found, gone (HTTP 410, a revoked hosted assertion), or a failure. */
export type Doc =
  | { kind: 'ok'; url: string; doc: Obj }
  | { kind: 'gone'; url: string; doc: Obj | null }
  | { kind: 'missing'; url: string }
  | { kind: 'refused'; url: string }
  | { kind: 'unreachable'; url: string }
  | { kind: 'unreadable'; url: string; jwt?: string };

/**
 * Where a verification reads documents (verify/doc-source.ts: this wallet's own from D1, the rest
 * through the guarded fetch), within one budget per verification.
 */
export interface DocSource {
  readonly budget: FetchBudget;
  get(raw: unknown): Promise<Doc>;
}
