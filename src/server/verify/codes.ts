/**
 * How checks map onto the report of spec §3/§8 (four items: issued_by, issued_on, awarded_to,
 * expires_on). Spec §8 names the code families; the meaning of each code is ours:
 *
 * | code | item       | meaning                                                                 |
 * |------|------------|-------------------------------------------------------------------------|
 * | E168 | issued_by  | issuer not verified: profile missing or unreadable, or not the one at   |
 * |      |            | the id it declares (HV-20); origin rule broken (a malformed rule or an   |
 * |      |            | allowedOrigins with a port included, HV-21); key not listed, not the    |
 * |      |            | issuer's or not at its id; signature invalid (with the key read again)  |
 * | E042 | issued_on  | issue date missing or not ISO 8601                                      |
 * | E043 | issued_on  | issue date in the future                                                |
 * | E022 | awarded_to | no recipient identity                                                   |
 * | E023 | awarded_to | hashed identity not in the form "algorithm$hex"                         |
 * | E024 | awarded_to | hashed with an algorithm other than sha256 or md5                       |
 * | E025 | awarded_to | none of the addresses checked is the recipient                          |
 * | E026 | awarded_to | issued to an address of the account that is not verified (import)       |
 * | W001 | awarded_to | no address was given to check the recipient against                     |
 * | W002 | awarded_to | the identity is not an email address (url, telephone): cannot be checked |
 * | E044 | expires_on | expiry date not ISO 8601                                                |
 * | E045 | expires_on | the badge has expired (the rest is still checked and reported)          |
 * | E046 | expires_on | expiry before the issue date                                            |
 * | E991 | all four   | an Open Badges 3.0 credential (VC context or OpenBadgeCredential type,  |
 * |      |            | as JSON or a VC-JWT): not verified here yet; nothing is fetched for it  |
 * | E992 | all four   | a Blockcerts certificate (a blockcerts context, or a MerkleProof2017/   |
 * |      |            | 2019 proof): not verified here yet; nothing is fetched for it           |
 * | E993 | all four   | not a badge: JSON (given, or found at the URL) of no format known here, |
 * |      |            | or a page that is not JSON                                              |
 * | E999 | all four   | the badge itself cannot be verified: revoked, not found, not an Open    |
 * |      |            | Badge, a URL refused by the outbound guard, or unreachable right now    |
 *
 * W001/W002 are warnings but fail awarded_to (spec §8). `verify_state` tells "invalid" from
 * "could not verify now" (HV-08, JWS-05), which the four items alone cannot.
 */
export type VerifyCode =
  | 'E168'
  | 'E042'
  | 'E043'
  | 'E022'
  | 'E023'
  | 'E024'
  | 'E025'
  | 'E026'
  | 'E044'
  | 'E045'
  | 'E046'
  | 'W001'
  | 'W002'
  | 'E991'
  | 'E992'
  | 'E993'
  | 'E999';

export type Item = 'issued_by' | 'issued_on' | 'awarded_to' | 'expires_on';

export const ITEM_OF: Record<VerifyCode, Item | 'all'> = {
  E168: 'issued_by',
  E042: 'issued_on',
  E043: 'issued_on',
  E022: 'awarded_to',
  E023: 'awarded_to',
  E024: 'awarded_to',
  E025: 'awarded_to',
  E026: 'awarded_to',
  W001: 'awarded_to',
  W002: 'awarded_to',
  E044: 'expires_on',
  E045: 'expires_on',
  E046: 'expires_on',
  E991: 'all',
  E992: 'all',
  E993: 'all',
  E999: 'all',
};
