import { clrCredentialOf } from './service';

/**
 * Issuing CLR 2.0 (issue 38), as the rest of the wallet sees it: an academic document's signed
 * record, made on first use and kept. Its status slot is taken in the document's own batch and its
 * list marked changed by issuing (ob3Issuing.reserveDoc, docListChanged), so that this folder need
 * not be known below the issuing service.
 */
export const clrIssuing = {
  /** The signed record of a document issued here, or null (missing or deleted). */
  credential: clrCredentialOf,
};
