import type { FormatVerifier } from '../../verdict/format';
import type { Presented, VerifiedDocs } from '../../verdict/present';
import type { Step } from '../../verdict/step';
import { startFacts, str, type Ob2Deps, type Ob2Facts } from './facts';
import { docReader } from './reader';
import { checkAssertionImage } from './steps/checkAssertionImage';
import { checkAssertionProperties } from './steps/checkAssertionProperties';
import { checkAssertionType } from './steps/checkAssertionType';
import { checkBadgeClassRequired } from './steps/checkBadgeClassRequired';
import { checkBadgeClassType } from './steps/checkBadgeClassType';
import { checkBadgeClassValues } from './steps/checkBadgeClassValues';
import { checkExpiresFormat } from './steps/checkExpiresFormat';
import { checkExpiry } from './steps/checkExpiry';
import { checkExtensions } from './steps/checkExtensions';
import { checkHostedOrigin } from './steps/checkHostedOrigin';
import { checkIssuedOn } from './steps/checkIssuedOn';
import { checkIssuedOnFormat } from './steps/checkIssuedOnFormat';
import { checkIssuerIdentity } from './steps/checkIssuerIdentity';
import { checkKeyDocument } from './steps/checkKeyDocument';
import { checkKeyOwner } from './steps/checkKeyOwner';
import { checkProfileRequired } from './steps/checkProfileRequired';
import { checkProfileType } from './steps/checkProfileType';
import { checkProfileValues } from './steps/checkProfileValues';
import { checkProfileVerification } from './steps/checkProfileVerification';
import { checkRecipient } from './steps/checkRecipient';
import { checkRecipientType } from './steps/checkRecipientType';
import { checkRecipientValues } from './steps/checkRecipientValues';
import { checkRevocation } from './steps/checkRevocation';
import { checkRevocationListDocument } from './steps/checkRevocationListDocument';
import { checkSignature } from './steps/checkSignature';
import { checkVerificationObject } from './steps/checkVerificationObject';
import { fetchAssertion } from './steps/fetchAssertion';
import { fetchBadgeClass } from './steps/fetchBadgeClass';
import { fetchIssuer } from './steps/fetchIssuer';
import { fetchKey } from './steps/fetchKey';
import { readAssertion } from './steps/readAssertion';
import { readSignedAssertion } from './steps/readSignedAssertion';

export type { Ob2Deps, Ob2Facts } from './facts';

/**
 * Open Badges 2.0 verification, step by step in the standard's order ("Verification",
 * HostedBadge and SignedBadge). Every step runs and reports; one whose prerequisite failed, or that
 * belongs to the other kind of badge (hosted or signed), reports "skip".
 */
const PLAN: readonly Step<Ob2Facts, Ob2Deps>[] = [
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
];

/**
 * What the steps found, for the report and the import: the assertion read (and where it was
 * found, for a hosted one), its badge class and the issuer once verified; the dates of the
 * assertion, or of the document found when it was revoked before it could be read.
 */
function present(facts: Ob2Facts): Presented {
  const docs: VerifiedDocs = {};
  if (facts.assertion) {
    docs.assertion = facts.assertion;
    docs.url = facts.jws ? null : str(facts.assertion['id']);
  }
  if (facts.badge) {
    docs.badge = facts.badge;
    docs.issuer = facts.issuer;
  }
  const dated = facts.assertion ?? (facts.revoked ? facts.found : null);
  return {
    dates: dated ? { issuedOn: dated['issuedOn'], expires: dated['expires'] } : null,
    issuer: facts.issuer,
    badgeName: str(facts.badge?.['name']),
    recipient: facts.recipient,
    revoked: facts.revoked,
    endorsements: [],
    docs,
  };
}

/** Open Badges 2.0 and 1.x (upgraded): hosted at a URL, or signed as a JWS. */
export const ob2Verifier: FormatVerifier<'ob2', Ob2Facts, Ob2Deps> = {
  plan: PLAN,
  start(detected, deps) {
    // One reader per verification: what it fetched is kept for this verification only.
    return { facts: startFacts(detected.input, detected.fetched), deps: { ...deps, docs: docReader(deps.src) } };
  },
  present,
};
