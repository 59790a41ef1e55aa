import { fail, PASS, SKIP, withOut, type Step } from '../../../verdict/step';
import { str, type Ob2Deps, type Ob2Facts } from '../facts';
import { normalizeDoc } from '../ld/normalize';

/**
 * The assertion read as JSON-LD with the bundled contexts only (DATA-04), a legacy 1.0/1.1 badge
 * upgraded to the 2.0 shape. A 1.x signed badge is not checked half-way: "could not verify", not
 * "invalid". Once it is read, the badge class and a signed badge's key are fetched side by side.
 */
export const readAssertion: Step<Ob2Facts, Ob2Deps> = {
  name: 'readAssertion',
  group: 'credential',
  async run(facts, deps) {
    if (!facts.found || facts.revoked) return SKIP;
    const read = await normalizeDoc(facts.found, 'assertion', facts.hostedAt ?? '');
    if (!read.ok) return fail('E999', read.why === 'legacy-signed');
    if (read.doc['revoked'] === true)
      return withOut(fail('E999'), { revoked: { reason: str(read.doc['revocationReason']) } });
    // Started now, awaited by fetchBadgeClass and fetchKey (reader.ts keeps them).
    void deps.docs.resolve(read.doc['badge'], 'badge', read.version);
    if (facts.jws) void deps.docs.signingKey(read.doc, read.version);
    return withOut(PASS, { assertion: read.doc, version: read.version });
  },
};
