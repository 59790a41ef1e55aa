import { BadJson, parseBadgeJson } from '../../verdict/safe-json';

type Obj = Record<string, unknown>;

/**
 * The credential a nested compact VC-JWT carries, read without checking anything and within the
 * JSON limits every credential is read with (size, depth 32): only to tell what it is, which id it
 * has, before its own steps read it again and check it. Null for anything that is no such JWT.
 */
export function nestedJwtCredential(text: string): Obj | null {
  const parts = text.trim().split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const bytes = Uint8Array.from(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims = parseBadgeJson(new TextDecoder().decode(bytes));
    const vc = claims['vc'];
    return vc && typeof vc === 'object' && !Array.isArray(vc) ? (vc as Obj) : claims;
  } catch (err) {
    if (err instanceof BadJson || err instanceof DOMException) return null;
    throw err;
  }
}
