import type { JWK, JWTPayload, ProtectedHeaderParameters } from 'jose';

export type Obj = Record<string, unknown>;

/**
 * Codes a VC-JWT refusal carries (plan section 3): E991 no algorithm read here, E177 no key, E168
 * key refused, E179 signature does not match (altered after signing, issue 33), E978 registered
 * claims disagree with the credential, E980 not a credential, E045 expired (`exp`), E043 not valid
 * yet (`nbf`).
 */
export type Ob3JwtCode = 'E991' | 'E177' | 'E168' | 'E179' | 'E978' | 'E980' | 'E045' | 'E043';

/** A decoded VC-JWT: its credential is `vc` (VC 1.1) or the payload itself (VC Data Model 2.0). */
export interface ParsedVcJwt {
  header: ProtectedHeaderParameters;
  payload: JWTPayload;
  credential: Obj;
  form: 'vc-claim' | 'vcdm2';
}

/** The outcome of reading a VC-JWT; never thrown. `credential` rides on a refusal once it could be read. */
export type VcJwtResult =
  ({ ok: true } & ParsedVcJwt) | { ok: false; code: Ob3JwtCode; reason: string; credential?: Obj };

/** Where a key comes from: the header (kid, jwk) and the credential (issuer) let the caller choose. */
export type KeyResolver = (header: ProtectedHeaderParameters, credential: Obj) => Promise<JWK | undefined>;

export type VcJwtRefusal = Extract<VcJwtResult, { ok: false }>;

export const refuse = (code: Ob3JwtCode, reason: string, credential?: Obj): VcJwtRefusal =>
  credential ? { ok: false, code, reason, credential } : { ok: false, code, reason };

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
