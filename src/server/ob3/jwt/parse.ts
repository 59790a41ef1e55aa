import { decodeJwt, decodeProtectedHeader, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { isObj, refuse, type Obj, type ParsedVcJwt, type VcJwtRefusal } from './result';

/** The only JWS algorithms read (OB 3.0 §8.2.3): `none` and the HMAC family never verify a credential. */
export const VC_JWT_ALGORITHMS = ['RS256', 'ES256', 'EdDSA'] as const;

const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** A VCDM 2.0 payload is the credential itself: it has a context and a type. */
const looksLikeCredential = (p: Obj) => p['@context'] !== undefined && p['type'] !== undefined;

/**
 * The header, payload and credential of a compact VC-JWT, without checking its signature. Refused:
 * anything not a three-part compact JWS with JSON header and payload, an algorithm outside
 * {@link VC_JWT_ALGORITHMS}, a header key with a private part, a payload that holds no credential.
 */
export function parseVcJwt(jwt: string): ({ ok: true } & ParsedVcJwt) | VcJwtRefusal {
  const text = jwt.trim();
  if (!COMPACT.test(text)) return refuse('E980', 'not a compact JWS (three base64url parts)');
  let header: ProtectedHeaderParameters;
  let payload: JWTPayload;
  try {
    header = decodeProtectedHeader(text);
    payload = decodeJwt(text);
  } catch {
    return refuse('E980', 'the JWS header or payload is not a JSON object');
  }
  const alg = header.alg;
  if (!(VC_JWT_ALGORITHMS as readonly unknown[]).includes(alg)) {
    return refuse('E991', `JWS algorithm ${String(alg)} is not accepted`);
  }
  if (isObj(header.jwk) && 'd' in header.jwk) {
    return refuse('E978', 'the header key carries a private part');
  }
  const vc = payload['vc'];
  if (isObj(vc)) return { ok: true, header, payload, credential: vc, form: 'vc-claim' };
  if (vc === undefined && looksLikeCredential(payload))
    return { ok: true, header, payload, credential: payload, form: 'vcdm2' };
  return refuse('E980', 'the payload holds no verifiable credential');
}
