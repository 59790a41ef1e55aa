/**
 * The Open Badges 3.0 host API's fixed paths and limits (1EdTech OB 3.0 §6-7). The paths are the
 * specification's, at the host root; the lifetimes follow RFC 9700's advice (short codes, short
 * access tokens, rotating refresh tokens).
 */
export const OB3_API = {
  prefix: '/ims/ob/v3p0',
  codeSeconds: 60,
  accessSeconds: 60 * 60,
  refreshDays: 30,
  /** Registration is open to anyone (RFC 7591): the table is capped so it cannot be filled. */
  maxClients: 5000,
  maxRedirectUris: 5,
  /** getCredentials: the page size when none is asked, and the largest allowed. */
  defaultLimit: 20,
  maxLimit: 100,
  /** Bodies: registration and the token calls are small; an upserted credential may be larger. */
  oauthBodyMaxBytes: 16 * 1024,
  upsertBodyMaxBytes: 256 * 1024,
} as const;

/** The absolute URL of a path of this API, from the configured origin (never request headers). */
export function ob3Url(env: Pick<Env, 'PUBLIC_BASE_URL'>, path: string): string {
  return `${new URL(env.PUBLIC_BASE_URL).origin}${OB3_API.prefix}${path}`;
}

/**
 * The CLR 2.0 API (issue 38) at 1EdTech's fixed prefix: the same OAuth server, tokens and limits
 * as the OB 3.0 API, its own resource calls and scopes.
 */
export const CLR_API = { prefix: '/ims/clr/v2p0' } as const;

/** The absolute URL of a path of the CLR 2.0 API. */
export function clrUrl(env: Pick<Env, 'PUBLIC_BASE_URL'>, path: string): string {
  return `${new URL(env.PUBLIC_BASE_URL).origin}${CLR_API.prefix}${path}`;
}
