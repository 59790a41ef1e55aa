import type { JWTPayload } from 'jose';
import { isObj, type Obj } from './result';

/** The id of a value that is an id string or an object with one (issuer, credentialSubject). */
const idOf = (v: unknown): unknown => (isObj(v) ? v['id'] : v);

/** A credential date as NumericDate seconds (JWT claims have no fractions), NaN when unreadable. */
const seconds = (v: unknown): number => (typeof v === 'string' ? Math.floor(Date.parse(v) / 1000) : NaN);

/**
 * Where the registered claims of a VC-JWT disagree with its credential (VC-JWT, VC Data Model 1.1
 * §6.3.1; OB 3.0 §8.2.4.1): `iss` = issuer (id), `sub` = a credentialSubject's id, `jti` = id,
 * `nbf` (else `iat`) = issuanceDate / validFrom, `exp` = expirationDate / validUntil. A claim only one
 * side has is no disagreement (the credential is what is verified); a value both have must match.
 * Empty when they agree.
 */
export function claimDisagreements(payload: JWTPayload, credential: Obj): string[] {
  const out: string[] = [];
  for (const claim of ['exp', 'nbf', 'iat'] as const) {
    const v = payload[claim];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) out.push(`${claim} is not a NumericDate`);
  }
  if (out.length) return out;
  const same = (claim: string, jwt: unknown, vc: unknown, what: string) => {
    if (jwt !== undefined && vc !== undefined && jwt !== vc) out.push(`${claim} is not the credential's ${what}`);
  };
  same('iss', payload.iss, idOf(credential['issuer']), 'issuer');
  same('jti', payload.jti, credential['id'], 'id');
  const subjects = (
    Array.isArray(credential['credentialSubject']) ? credential['credentialSubject'] : [credential['credentialSubject']]
  )
    .map(idOf)
    .filter((id) => id !== undefined);
  if (payload.sub !== undefined && subjects.length > 0 && !subjects.includes(payload.sub)) {
    out.push("sub is not the credential's subject id");
  }
  const from = credential['validFrom'] ?? credential['issuanceDate'];
  const start = payload.nbf !== undefined ? 'nbf' : 'iat';
  const startValue = payload.nbf ?? payload.iat;
  if (startValue !== undefined && from !== undefined) same(start, startValue, seconds(from), 'validFrom/issuanceDate');
  const until = credential['validUntil'] ?? credential['expirationDate'];
  if (payload.exp !== undefined && until !== undefined)
    same('exp', payload.exp, seconds(until), 'validUntil/expirationDate');
  return out;
}
