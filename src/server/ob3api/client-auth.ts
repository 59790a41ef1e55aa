import { sha256Hex } from '../auth/tokens';
import type { Ob3ClientRow } from '../db/schema/ob3api';
import { clientsRepo } from './clients-repo';
import { OAuthError } from './oauth-error';

/** Equal digests, compared without an early exit. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function decodePart(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The client of a token or revocation call, authenticated by HTTP Basic (client_secret_basic,
 * RFC 6749 §2.3.1: both parts form-encoded before base64). Anything else is invalid_client.
 */
export async function authenticateClient(env: Env, header: string | undefined): Promise<Ob3ClientRow> {
  const fail = () => new OAuthError('invalid_client', 'E401160');
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header?.trim() ?? '');
  if (!match?.[1] || match[1].length > 1024) throw fail();
  let decoded: string;
  try {
    decoded = atob(match[1]);
  } catch {
    throw fail();
  }
  const colon = decoded.indexOf(':');
  const id = colon > 0 ? decodePart(decoded.slice(0, colon)) : null;
  const secret = colon > 0 ? decodePart(decoded.slice(colon + 1)) : null;
  if (!id || !secret || id.length > 64) throw fail();
  const client = await clientsRepo(env.DB).find(id);
  if (!client || !sameDigest(await sha256Hex(secret), client.secretHash)) throw fail();
  return client;
}
