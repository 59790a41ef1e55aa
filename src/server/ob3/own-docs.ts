/**
 * Lanyard's own OB 3.0 documents (issuers' did.json, status list credentials) as the verifier reads
 * them: from the issuing side directly, never over the network (the outbound guard refuses our own
 * host, and in dev it is plain http). The issuing module registers its reader at load; until it
 * has, own OB 3.0 paths read as missing. A seam, not a plugin system: one reader, set once.
 */
export type OwnOb3Reader = (env: Env, path: string) => Promise<Record<string, unknown> | null>;

let reader: OwnOb3Reader | null = null;

/** Called once by the issuing module (ob3/issue) with the reader of its public documents. */
export function setOwnOb3Reader(r: OwnOb3Reader): void {
  reader = r;
}

/** The paths under Lanyard's own origin that hold OB 3.0 documents. */
export const OWN_OB3_PATH = /^\/api\/v1\.0\/openBadge\/v3\//;

/** Reads one own document (null when there is none, or no reader is registered). */
export async function readOwnOb3(env: Env, path: string): Promise<Record<string, unknown> | null> {
  return reader ? reader(env, path) : null;
}
