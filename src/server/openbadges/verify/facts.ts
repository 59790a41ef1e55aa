import type { VerifyDeps } from '../../verdict/deps';
import type { Doc, VerifyInput } from '../../verdict/source';
import type { ParsedJws } from './jws-parse';
import type { DocReader } from './reader';

import type { Obj } from './json';

// Shared with the document reader, which the facts' deps name (json.ts).
export { str, type Obj } from './json';

/**
 * What the steps of one Open Badges 2.0 (or 1.x) verification found, each for the next. A step
 * never writes here: what it found is its outcome's `out`, merged into the facts of the steps after.
 */
export interface Ob2Facts {
  readonly input: VerifyInput;
  /**
   * What detection read at the hosted assertion's address (the URL given, or the id or 1.x
   * `verify.url` of the JSON given); null when nothing was fetched (a JWS, or JSON without an
   * http(s) address).
   */
  readonly fetched: Doc | null;
  /** A signed badge's JWS, once its structure was read. */
  readonly jws: ParsedJws | null;
  /** The assertion as found (hosted document or JWS payload), before it is read as JSON-LD. */
  readonly found: Obj | null;
  /** Where a hosted assertion was found; null for a signed badge. */
  readonly hostedAt: string | null;
  /** The assertion read as Open Badges 2.0 JSON-LD (legacy badges upgraded). */
  readonly assertion: Obj | null;
  readonly version: '2.0' | '1.x';
  readonly badge: Obj | null;
  /** The issuer profile as found, and once its identity checks passed, as trusted. */
  readonly profileFound: Obj | null;
  /** Whether the profile found declares the id it was found at (see reader.ts `resolve`). */
  readonly profileBound: boolean;
  readonly issuer: Obj | null;
  /** A signed badge's key as found, and once it is known to be the issuer's own, as trusted. */
  readonly keyFound: Obj | null;
  readonly keyBound: boolean;
  readonly key: Obj | null;
  /** Set when the issuer revoked the badge (HTTP 410, `revoked: true`, or its revocation list). */
  readonly revoked: { reason: string | null } | null;
  /** The verified address the badge was awarded to. */
  readonly recipient: string | null;
}

/** What the steps may ask of the world, and this verification's reader of the issuer's documents. */
export interface Ob2Deps extends VerifyDeps {
  /** The chain's documents, each read once per verification (made in `start`, reader.ts). */
  readonly docs: DocReader;
}

/** The facts before any step ran. */
export const startFacts = (input: VerifyInput, fetched: Doc | null): Ob2Facts => ({
  input,
  fetched,
  jws: null,
  found: null,
  hostedAt: null,
  assertion: null,
  version: '2.0',
  badge: null,
  profileFound: null,
  profileBound: false,
  issuer: null,
  keyFound: null,
  keyBound: false,
  key: null,
  revoked: null,
  recipient: null,
});
