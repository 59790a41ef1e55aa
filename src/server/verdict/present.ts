import type { VerifyCode } from './codes';

type Obj = Record<string, unknown>;

/** The documents a verification read: the import stores them with the badge. */
export interface VerifiedDocs {
  /** The format detection decided (issue 36: decided once; the import keeps it). */
  format?: 'ob2' | 'ob3' | 'blockcerts' | 'clr';
  assertion?: Obj;
  badge?: Obj;
  issuer?: Obj | null;
  /** Where the hosted assertion was found (null for a signed badge or a Blockcerts credential). */
  url?: string | null;
  /** A Blockcerts or OB 3.0 credential's issue and expiry dates (their property names differ from OB 2.0). */
  dates?: { issuedOn: unknown; expires: unknown };
  /** An Open Badges 3.0 credential (issue 21): the credential, and its compact VC-JWT when it came as one. */
  ob3?: { credential: Obj; jwt: string | null };
  /** A CLR 2.0 record (issue 38): the record as read, and its compact VC-JWT when it came as one. */
  clr?: { credential: Obj; jwt: string | null };
}

/**
 * A credential nested in a CLR 2.0 record (issue 38), verified on its own: its place in the list,
 * what it names itself, its issuer's name only where its issuer held, and its own codes.
 */
export interface NestedVerdict {
  index: number;
  id: string | null;
  name: string | null;
  issuer_name: string | null;
  state: 'valid' | 'invalid' | 'unverifiable';
  errors: VerifyCode[];
  warnings: VerifyCode[];
}

/** What a CLR 2.0 record holds beside its nested credentials, counted for the report. */
export interface ClrSummary {
  nested: NestedVerdict[];
  achievements: number;
  associations: number;
}

/** An OB 3.0 endorsement verified one level deep (never one of the four items). */
export interface EndorsementVerdict {
  id: string | null;
  name: string | null;
  state: 'valid' | 'invalid' | 'unverifiable';
  /** Valid, but signed by a key that is the endorser's id alone: its name is its own claim (issue 33). */
  claimed?: true;
}

/**
 * What a format says about the credential once its steps ran, for the report and the import. The
 * report decides what of it is shown (an issuer's name only when its identity held).
 */
export interface Presented {
  /** The issue and expiry dates as written (checked again for the report's texts). */
  dates: { issuedOn: unknown; expires: unknown } | null;
  /** The issuer profile whose name the report may show. */
  issuer: Obj | null;
  badgeName: string | null;
  /** The verified address it was awarded to. */
  recipient: string | null;
  revoked: { reason: string | null } | null;
  endorsements: EndorsementVerdict[];
  /** A CLR 2.0 record's nested credentials and counts (issue 38); absent for other formats. */
  clr?: ClrSummary;
  docs: VerifiedDocs;
}
