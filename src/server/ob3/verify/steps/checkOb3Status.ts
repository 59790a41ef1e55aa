import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { statusEntries } from '../../status';
import type { Ob3Deps } from '../deps';
import type { Ob3Facts } from '../facts';
import { entryStatus } from '../status-list';

/**
 * Each `credentialStatus` entry (1EdTech revocation list, StatusList2021, BitstringStatusList): the
 * list is fetched (SSRF-*), a list credential's own proof checked, then the bit or entry read.
 * Revoked or suspended: E999, revoked. A list out of reach: E999, could not verify now (JWS-05:
 * never "valid"); at a refused address or not JSON: E999, invalid. A malformed list, a bad index,
 * or a list not signed by the issuer: E176.
 */
export const checkOb3Status: Step<Ob3Facts, Ob3Deps> = {
  name: 'checkOb3Status',
  group: 'issued_by',
  async run(f, deps) {
    // A credential whose proof failed is invalid already: its status list is not fetched.
    if (f.broken || !f.signed) return SKIP;
    const entries = statusEntries(f.credential);
    if (entries.length === 0) return SKIP;
    for (const entry of entries) {
      const r = await entryStatus(deps, f.credential, entry);
      if (r.state === 'unreachable') return fail('E999', true);
      // A list at an address the guard refuses (SSRF-*) or that is no JSON: invalid, not "try later".
      if (r.state === 'refused') return fail('E999');
      if (r.state === 'revoked' || r.state === 'suspended')
        return withOut(fail('E999'), { revoked: { reason: r.state === 'suspended' ? 'suspended' : null } });
      if (r.state === 'error') return fail(r.code, r.code === 'E999');
    }
    return PASS;
  },
};
