import { readCompact } from '../../openbadges/verify/jws-parse';

type Obj = Record<string, unknown>;

/**
 * The credential a nested compact VC-JWT carries (its `vc` claim, or its payload for VC 2.0 over
 * JOSE), read by the project's one compact-JWS reader (canonical base64url, JSON within its limits,
 * depth 32) without checking anything: only to tell what it is and which id it has, before its own
 * steps read it again and check it. Null for anything that is no such JWT.
 */
export function nestedJwtCredential(text: string): Obj | null {
  const claims = readCompact(text)?.payload;
  if (!claims) return null;
  const vc = claims['vc'];
  return vc && typeof vc === 'object' && !Array.isArray(vc) ? (vc as Obj) : claims;
}
