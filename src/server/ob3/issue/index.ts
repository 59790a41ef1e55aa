import { issuerProfile } from './credential-doc';
import { docStatusEntry, issuerSigner, ob3CredentialOf, ownOb3Document } from './service';
import { ob3StatusRepo } from './status-repo';

/**
 * Issuing Open Badges 3.0, as the rest of the wallet sees it (issue 36, item 1): one door for the
 * award, the revocation, and every reader of a credential issued here. An award takes its status
 * slot in the award's own batch (`reserve`); its credential is signed on first use and kept, so
 * the downloads, the OB 3.0 API, the export and the verifier all hand out the same one
 * (`credential`); a revocation or a reissue marks its list changed (`listChanged`).
 */
export const ob3Issuing = {
  /** The statements that take the award's bit in its issuer's status list, for the award's batch. */
  reserve: (d1: D1Database, issuerId: string, assertionId: string, now: number) =>
    ob3StatusRepo(d1).allocate('award', issuerId, assertionId, now),
  /** The statement that marks the list holding this award's bit changed (revoked, deleted, reissued). */
  listChanged: (d1: D1Database, assertionId: string) => ob3StatusRepo(d1).touchListOf('award', assertionId),
  /** The signed credential of an award made here, or null (signed on first use, then kept). */
  credential: ob3CredentialOf,
  /** One of our own OB 3.0 documents by path: a credential, a DID document or a status list. */
  document: ownOb3Document,
  /**
   * What a CLR of an academic document needs of OB 3.0 issuing (issue 38): its status slot taken
   * in the document's own batch, its list marked changed on a revocation, deletion or reissue, its
   * entry (made on first use for older documents), the issuer as a Profile, and a signer as the
   * issuer. The record itself is clr/issue's.
   */
  reserveDoc: (d1: D1Database, issuerId: string, docId: string, now: number) =>
    ob3StatusRepo(d1).allocate('doc', issuerId, docId, now),
  docListChanged: (d1: D1Database, docId: string) => ob3StatusRepo(d1).touchListOf('doc', docId),
  docStatus: docStatusEntry,
  profile: issuerProfile,
  signer: issuerSigner,
};
