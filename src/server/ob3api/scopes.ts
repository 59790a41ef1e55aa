/**
 * The scopes this host grants: 1EdTech OB 3.0 §6.2.1's, and the same three of the CLR 2.0 API
 * (issue 38), named alike under its own prefix. profile.update is not offered.
 */
const PREFIX = 'https://purl.imsglobal.org/spec/ob/v3p0/scope/';
const CLR_PREFIX = 'https://purl.imsglobal.org/spec/clr/v2p0/scope/';
export const SCOPES = {
  credentialRead: `${PREFIX}credential.readonly`,
  credentialUpsert: `${PREFIX}credential.upsert`,
  profileRead: `${PREFIX}profile.readonly`,
  clrCredentialRead: `${CLR_PREFIX}credential.readonly`,
  clrCredentialUpsert: `${CLR_PREFIX}credential.upsert`,
  clrProfileRead: `${CLR_PREFIX}profile.readonly`,
} as const;
export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

const ALL: readonly string[] = Object.values(SCOPES);

/** The catalogue key that describes a scope on the consent page and in settings. */
export const SCOPE_LABELS: Record<Scope, string> = {
  [SCOPES.credentialRead]: 'ob3api.scope_credential_read',
  [SCOPES.credentialUpsert]: 'ob3api.scope_credential_upsert',
  [SCOPES.profileRead]: 'ob3api.scope_profile_read',
  [SCOPES.clrCredentialRead]: 'ob3api.scope_clr_credential_read',
  [SCOPES.clrCredentialUpsert]: 'ob3api.scope_clr_credential_upsert',
  // The same profile as the OB 3.0 API's: the same words.
  [SCOPES.clrProfileRead]: 'ob3api.scope_profile_read',
};

/**
 * A space-separated scope string as a list of known scopes, each once, in a fixed order; null when
 * it names one this host does not know (invalid_scope) or none at all.
 */
export function parseScopes(value: string | null | undefined): Scope[] | null {
  const asked = new Set((value ?? '').split(' ').filter((s) => s !== ''));
  if (asked.size === 0 || [...asked].some((s) => !ALL.includes(s))) return null;
  return (ALL as Scope[]).filter((s) => asked.has(s));
}

/** Whether every scope in `wanted` is among `allowed` (both space-separated). */
export function scopesWithin(wanted: readonly string[], allowed: string): boolean {
  const have = new Set(allowed.split(' '));
  return wanted.every((s) => have.has(s));
}
