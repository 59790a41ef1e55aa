import type { Check } from '../check';
import { checkAnchorTransaction } from './checkAnchorTransaction';
import { checkAssertionImage } from './checkAssertionImage';
import { checkAssertionProperties } from './checkAssertionProperties';
import { checkAssertionType } from './checkAssertionType';
import { checkBadgeClassRequired } from './checkBadgeClassRequired';
import { checkBadgeClassType } from './checkBadgeClassType';
import { checkBadgeClassValues } from './checkBadgeClassValues';
import { checkBlockcertsDates } from './checkBlockcertsDates';
import { checkBlockcertsHash } from './checkBlockcertsHash';
import { checkBlockcertsIssuerKey } from './checkBlockcertsIssuerKey';
import { checkBlockcertsRecipient } from './checkBlockcertsRecipient';
import { checkBlockcertsRevocation } from './checkBlockcertsRevocation';
import { checkExpiresFormat } from './checkExpiresFormat';
import { checkExpiry } from './checkExpiry';
import { checkExtensions } from './checkExtensions';
import { checkHostedOrigin } from './checkHostedOrigin';
import { checkIssuedOn } from './checkIssuedOn';
import { checkIssuedOnFormat } from './checkIssuedOnFormat';
import { checkIssuerIdentity } from './checkIssuerIdentity';
import { checkKeyDocument } from './checkKeyDocument';
import { checkKeyOwner } from './checkKeyOwner';
import { checkMerklePath } from './checkMerklePath';
import { readOb3Credential } from './readOb3Credential';
import { checkOb3Context } from './checkOb3Context';
import { checkOb3Type } from './checkOb3Type';
import { checkOb3JsonLd } from './checkOb3JsonLd';
import { checkOb3Schema } from './checkOb3Schema';
import { resolveOb3Key } from './resolveOb3Key';
import { checkOb3Proof } from './checkOb3Proof';
import { checkOb3KeyOwner } from './checkOb3KeyOwner';
import { checkOb3Jwt } from './checkOb3Jwt';
import { checkOb3Dates } from './checkOb3Dates';
import { checkOb3Recipient } from './checkOb3Recipient';
import { checkOb3Status } from './checkOb3Status';
import { checkOb3Endorsements } from './checkOb3Endorsements';
import { checkProfileRequired } from './checkProfileRequired';
import { checkProfileType } from './checkProfileType';
import { checkProfileValues } from './checkProfileValues';
import { checkProfileVerification } from './checkProfileVerification';
import { checkRecipient } from './checkRecipient';
import { checkRecipientType } from './checkRecipientType';
import { checkRecipientValues } from './checkRecipientValues';
import { checkRevocation } from './checkRevocation';
import { checkRevocationListDocument } from './checkRevocationListDocument';
import { checkSignature } from './checkSignature';
import { checkVerificationObject } from './checkVerificationObject';
import { detectFormat } from './detectFormat';
import { fetchAssertion } from './fetchAssertion';
import { fetchBadgeClass } from './fetchBadgeClass';
import { fetchBlockcertsIssuer } from './fetchBlockcertsIssuer';
import { fetchIssuer } from './fetchIssuer';
import { fetchKey } from './fetchKey';
import { readAssertion } from './readAssertion';
import { readBlockcertsProof } from './readBlockcertsProof';
import { readSignedAssertion } from './readSignedAssertion';

/**
 * Open Badges 2.0 verification, step by step in the standard's order ("Verification",
 * HostedBadge and SignedBadge). verify.ts runs every one and reports each; a check whose
 * prerequisite failed, or that belongs to the other kind of badge, reports "skip".
 */
export const CHECKS: readonly Check[] = [
  // What was given: Open Badges 2.0, or another kind of credential that gets its own answer.
  detectFormat,
  // The assertion: a signed badge's JWS, or the hosted copy at its URL, read as JSON-LD.
  readSignedAssertion,
  fetchAssertion,
  readAssertion,
  // The assertion against the OB 2.0 data model (HV-22): type, properties, image, verification.
  checkAssertionType,
  checkAssertionProperties,
  checkAssertionImage,
  checkVerificationObject,
  // Its badge class and issuer profile, and who that issuer is.
  fetchBadgeClass,
  checkBadgeClassType,
  checkBadgeClassRequired,
  checkBadgeClassValues,
  fetchIssuer,
  checkProfileType,
  checkProfileRequired,
  checkProfileValues,
  checkProfileVerification,
  checkIssuerIdentity,
  // Hosted: the assertion lives where its issuer says its assertions live.
  checkHostedOrigin,
  // Signed: the issuer's own key, the signature, the revocation list.
  fetchKey,
  checkKeyDocument,
  checkKeyOwner,
  checkSignature,
  checkRevocation,
  checkRevocationListDocument,
  // Every badge: recipient, issue date, expiry.
  checkRecipient,
  checkRecipientType,
  checkRecipientValues,
  checkIssuedOnFormat,
  checkIssuedOn,
  checkExpiresFormat,
  checkExpiry,
  // Extensions against the JSON schemas of the bundled extension contexts.
  checkExtensions,
  // Blockcerts v2/v3 (issue 19): the proof, the credential's hash, its Merkle path to the root, the
  // root in the anchoring transaction, the issuer whose key sent it, revocation, recipient, dates.
  readBlockcertsProof,
  checkBlockcertsHash,
  checkMerklePath,
  checkAnchorTransaction,
  fetchBlockcertsIssuer,
  checkBlockcertsIssuerKey,
  checkBlockcertsRevocation,
  checkBlockcertsRecipient,
  checkBlockcertsDates,
  // Open Badges 3.0 (issue 21): the credential (JSON, VC-JWT, baked or at a URL), its data model
  // (contexts, type, JSON-LD, JSON Schema), the proof's key and the proofs or the JWT, whose key it
  // is, dates, recipient, status lists, and endorsements (a separate list, not the four items).
  readOb3Credential,
  checkOb3Context,
  checkOb3Type,
  checkOb3JsonLd,
  checkOb3Schema,
  resolveOb3Key,
  checkOb3Proof,
  checkOb3Jwt,
  checkOb3KeyOwner,
  checkOb3Dates,
  checkOb3Recipient,
  checkOb3Status,
  checkOb3Endorsements,
];
