import type { CheckResult } from './report';
import type { Doc, VerifyInput } from './source';

type Obj = Record<string, unknown>;

/**
 * What detection (verify/detect.ts) decided, once per verification: the format, what it read to
 * decide (a hosted badge's document at its address, a credential found at a URL), and its own
 * report lines (detectFormat, and fetchAssertion when it fetched).
 */
export type Detected =
  /** Open Badges 2.0 or older; `fetched` is the hosted assertion's address answered (null: not fetched). */
  | { format: 'ob2'; input: VerifyInput; fetched: Doc | null; lines: CheckResult[] }
  /** Open Badges 3.0: JSON as given or fetched, or a compact VC-JWT; `url` where it was fetched. */
  | { format: 'ob3'; credential: Obj | null; jwt: string | null; url: string | null; lines: CheckResult[] }
  /** A CLR 2.0 record (issue 38): JSON as given or fetched, or a compact VC-JWT; `url` where it was fetched. */
  | { format: 'clr'; credential: Obj | null; jwt: string | null; url: string | null; lines: CheckResult[] }
  /** Blockcerts v2 or v3, given or fetched. */
  | { format: 'blockcerts'; doc: Obj; lines: CheckResult[] }
  /** Something this verifier does not verify: its lines carry the code (E991, E992, E993). */
  | { format: 'refused'; lines: CheckResult[] };
