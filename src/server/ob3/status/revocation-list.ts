import { ACTIVE, isObj, malformed, type Ob3StatusResult } from './result';

/**
 * The status of a credential under the 1EdTech Revocation List method (`credentialStatus.type`
 * `1EdTechRevocationList`, the list at `credentialStatus.id`): revoked when the list's
 * `revokedCredentials` names the credential's id with `revoked` true or left out, as 1EdTech's
 * validator reads it. The list is given already fetched; a list of another shape is a refusal.
 */
export function checkRevocationList(credentialId: unknown, list: unknown): Ob3StatusResult {
  if (typeof credentialId !== 'string' || credentialId === '') {
    return malformed('the credential has no id to look up in its revocation list');
  }
  if (!isObj(list) || !Array.isArray(list['revokedCredentials'])) {
    return malformed('the revocation list has no revokedCredentials array');
  }
  for (const item of list['revokedCredentials'] as unknown[]) {
    if (!isObj(item) || typeof item['id'] !== 'string') return malformed('a revokedCredentials entry has no id');
    const revoked = item['revoked'];
    if (revoked !== undefined && typeof revoked !== 'boolean') return malformed('a revoked flag is not true or false');
    if (item['id'] === credentialId && revoked !== false) return { state: 'revoked' };
  }
  return ACTIVE;
}
