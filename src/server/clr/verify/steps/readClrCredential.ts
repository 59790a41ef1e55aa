import { readOb3Credential } from '../../../ob3/verify/steps/readOb3Credential';
import { fail, withOut, type Outcome, type Step } from '../../../verdict/step';
import type { Ob3Deps } from '../../../ob3/verify/deps';
import { withinLimits } from '../bounds';
import type { ClrFacts } from '../facts';

/**
 * Reads the record as OB 3.0 reads a credential (a VC-JWT's claims, at most eight proofs), then
 * counts what it holds before anything costly runs: past CLR_LIMITS it is too large to check here
 * (E970), and no later step works on it.
 */
export const readClrCredential: Step<ClrFacts, Ob3Deps> = {
  name: 'readClrCredential',
  group: 'credential',
  run(f, deps) {
    const read = readOb3Credential.run(f, deps) as Outcome<ClrFacts>;
    if (read.outcome !== 'pass') return read;
    const credential = read.out?.credential ?? f.credential;
    return withinLimits(credential) ? read : withOut(fail('E970'), { ...read.out, broken: true });
  },
};
