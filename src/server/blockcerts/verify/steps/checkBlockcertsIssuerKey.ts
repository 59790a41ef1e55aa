import { parseIsoDate } from '../../../verdict/dates';
import type { VerifyDeps } from '../../../verdict/deps';
import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import type { BcFacts } from '../facts';

type Obj = Record<string, unknown>;

const PREFIX = /^ecdsa-koblitz-pubkey:/i;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/**
 * Whether `sender` was one of the issuer's keys at `time` (ms): listed in the profile's publicKey
 * as ecdsa-koblitz-pubkey:0x… (case does not matter), created before the transaction and neither
 * revoked nor expired by then, as cert-verifier-js's checkAuthenticity reads it.
 */
export function keyValidAt(profile: Obj, sender: string, time: number): boolean {
  return list(profile['publicKey']).some((k) => {
    const key = k && typeof k === 'object' ? (k as Obj) : { id: k };
    const id = typeof key['id'] === 'string' ? key['id'].replace(PREFIX, '').toLowerCase() : null;
    if (id !== sender.toLowerCase()) return false;
    const created = key['created'] === undefined ? null : parseIsoDate(key['created']);
    if (key['created'] !== undefined && (created === null || time <= created)) return false;
    for (const end of [key['revoked'], key['expires']]) {
      if (end === undefined) continue;
      const t = parseIsoDate(end);
      if (t === null || time >= t) return false;
    }
    return true;
  });
}

/**
 * Blockcerts, step 6: the anchoring transaction was sent by one of the issuer's keys, valid when it
 * was mined. Only then is the profile the issuer the report names (E168 otherwise).
 */
export const checkBlockcertsIssuerKey: Step<BcFacts, VerifyDeps> = {
  name: 'checkBlockcertsIssuerKey',
  group: 'issued_by',
  run(facts) {
    const { profile, tx } = facts;
    if (!profile || !tx) return SKIP;
    if (!keyValidAt(profile, tx.from, tx.time)) return fail('E168');
    return withOut(PASS, { issuer: profile });
  },
};
