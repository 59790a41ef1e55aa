import type { Check } from '../check';
import { detectFormat } from './detectFormat';
import { checkExpiry } from './checkExpiry';
import { checkHostedOrigin } from './checkHostedOrigin';
import { checkIssuedOn } from './checkIssuedOn';
import { checkIssuerIdentity } from './checkIssuerIdentity';
import { checkKeyOwner } from './checkKeyOwner';
import { checkRecipient } from './checkRecipient';
import { checkRevocation } from './checkRevocation';
import { checkSignature } from './checkSignature';
import { fetchAssertion } from './fetchAssertion';
import { fetchBadgeClass } from './fetchBadgeClass';
import { fetchIssuer } from './fetchIssuer';
import { fetchKey } from './fetchKey';
import { readAssertion } from './readAssertion';
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
  // Its badge class and issuer profile, and who that issuer is.
  fetchBadgeClass,
  fetchIssuer,
  checkIssuerIdentity,
  // Hosted: the assertion lives where its issuer says its assertions live.
  checkHostedOrigin,
  // Signed: the issuer's own key, the signature, the revocation list.
  fetchKey,
  checkKeyOwner,
  checkSignature,
  checkRevocation,
  // Every badge: recipient, issue date, expiry.
  checkRecipient,
  checkIssuedOn,
  checkExpiry,
];
