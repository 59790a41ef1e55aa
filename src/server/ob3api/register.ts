import { z } from 'zod';
import { newId, randomToken, sha256Hex } from '../auth/tokens';
import { AppError } from '../errors';
import { throttle } from '../http/throttle';
import { clientsRepo } from './clients-repo';
import { OB3_API } from './config';
import { OAuthError } from './oauth-error';
import { redirectUriAllowed, httpUrl } from './redirect-uri';
import { parseScopes } from './scopes';

const text = (max: number) => z.string().trim().min(1).max(max);
const link = z.string().refine(httpUrl);

/** RFC 7591 §2 client metadata as 1EdTech OB 3.0 §6.1 asks for it; unknown members are ignored. */
const metadata = z.object({
  client_name: text(200),
  client_uri: link,
  logo_uri: link.optional(),
  tos_uri: link.optional(),
  policy_uri: link.optional(),
  software_id: text(200).optional(),
  software_version: text(100).optional(),
  redirect_uris: z.array(z.string()).min(1).max(OB3_API.maxRedirectUris),
  scope: z.string().max(1000),
  token_endpoint_auth_method: z.literal('client_secret_basic').optional(),
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
  response_types: z.array(z.literal('code')).optional(),
});

/**
 * Registers an application (RFC 7591): throttled per address, capped in number, redirect URIs
 * checked (https; loopback http outside production), the secret returned once and stored as its
 * digest. Answers the RFC 7591 §3.2.1 body.
 */
export async function registerClient(env: Env, body: unknown, client: string, now = Date.now()) {
  await throttle(env.OUTBOUND_LIMIT, `ob3-register:${client}`);
  const parsed = metadata.safeParse(body);
  if (!parsed.success) throw new OAuthError('invalid_client_metadata', 'E400167');
  const m = parsed.data;
  if (!m.redirect_uris.every((u) => redirectUriAllowed(u, env.ENVIRONMENT)))
    throw new OAuthError('invalid_redirect_uri', 'E400162');
  const scopes = parseScopes(m.scope);
  if (!scopes) throw new OAuthError('invalid_client_metadata', 'E400163');
  const id = newId();
  const secret = randomToken(32);
  const redirectUris = [...new Set(m.redirect_uris)];
  const row = {
    id,
    secretHash: await sha256Hex(secret),
    clientName: m.client_name,
    clientUri: m.client_uri,
    logoUri: m.logo_uri ?? null,
    tosUri: m.tos_uri ?? null,
    policyUri: m.policy_uri ?? null,
    softwareId: m.software_id ?? null,
    softwareVersion: m.software_version ?? null,
    redirectUris: JSON.stringify(redirectUris),
    scope: scopes.join(' '),
    createdAt: now,
  };
  if (!(await clientsRepo(env.DB).insertCapped(row, OB3_API.maxClients))) throw new AppError('E429160');
  return {
    client_id: id,
    client_secret: secret,
    client_id_issued_at: Math.floor(now / 1000),
    client_secret_expires_at: 0,
    client_name: row.clientName,
    client_uri: row.clientUri,
    ...(row.logoUri ? { logo_uri: row.logoUri } : {}),
    ...(row.tosUri ? { tos_uri: row.tosUri } : {}),
    ...(row.policyUri ? { policy_uri: row.policyUri } : {}),
    ...(row.softwareId ? { software_id: row.softwareId } : {}),
    ...(row.softwareVersion ? { software_version: row.softwareVersion } : {}),
    redirect_uris: redirectUris,
    scope: row.scope,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}
