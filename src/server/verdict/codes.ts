/**
 * How checks map onto the report of spec §3/§8 (four items: issued_by, issued_on, awarded_to,
 * expires_on). Spec §8 names the code families; the meaning of each code is ours:
 *
 * | code | item       | meaning                                                                 |
 * |------|------------|-------------------------------------------------------------------------|
 * | E168 | issued_by  | issuer not verified: profile missing or unreadable, or not the one at   |
 * |      |            | the id it declares (HV-20); origin rule broken (a malformed rule or an   |
 * |      |            | allowedOrigins with a port included, HV-21); key not listed, not the    |
 * |      |            | issuer's or not at its id                                               |
 * | E179 | all four   | altered or damaged after signing: the signature (OB 2.0 JWS, OB 3.0     |
 * |      |            | proof or VC-JWT) does not match the contents with the key it names (for |
 * |      |            | OB 2.0 read again), or a PDF's attached signed credential (*.jws) no    |
 * |      |            | longer reads as one (issue 33). Nothing the document says is verified   |
 * | E042 | issued_on  | issue date missing or not ISO 8601                                      |
 * | E043 | issued_on  | issue date in the future                                                |
 * | E022 | awarded_to | no recipient identity                                                   |
 * | E023 | awarded_to | hashed identity not in the form "algorithm$hex"                         |
 * | E024 | awarded_to | hashed with an algorithm other than sha256 or md5                       |
 * | E025 | awarded_to | none of the addresses checked is the recipient                          |
 * | E026 | awarded_to | issued to an address of the account that is not verified (import)       |
 * | E027 | awarded_to | the recipient's `type` is missing or not one identifier property        |
 * | E028 | awarded_to | the recipient's identity, hashed or salt: missing or of the wrong type |
 * | W001 | awarded_to | no address was given to check the recipient against                     |
 * | W002 | awarded_to | the identity is not an email address (url, telephone): cannot be checked |
 * | W003 | none       | OB 3.0: signed by a key that is the issuer's id itself (the issuer is   |
 * |      |            | that did:key, or 1EdTech's key in the issuer URL's fragment with no      |
 * |      |            | profile at that URL), not one the issuer publishes at its id: the issuer |
 * |      |            | name is the credential's own claim. Fails no item (issue 21 D1, 33)      |
 * | E169 | issued_by  | OB 3.0: signed by a key the named issuer does not control: not in its   |
 * |      |            | DID document, not its did:key, not listed by its profile at its https id |
 * |      |            | (a did:key or JWT header key of anyone's); forged or unproven (issue 33) |
 * | W004 | none       | OB 2.0: an extension this verifier cannot check: its context is not      |
 * |      |            | bundled here (never fetched; the extension is left out of what is read  |
 * |      |            | and kept), or no bundled schema validates its type. Its content is not  |
 * |      |            | judged. Fails no item (issue 33)                                        |
 * | E044 | expires_on | expiry date not ISO 8601                                                |
 * | E045 | expires_on | the badge has expired (the rest is still checked and reported)          |
 * | E046 | expires_on | expiry before the issue date                                            |
 * | W005 | none       | OB 3.0: verified only by a proof of the outdated `eddsa-2022` name (the |
 * |      |            | draft of eddsa-rdfc-2022, same algorithm), as 1EdTech's validator warns. |
 * |      |            | Fails no item (issue 33)                                                |
 * | E991 | all four   | an Open Badges 3.0 credential with no proof this verifier supports: no  |
 * |      |            | proof, an unknown suite or cryptosuite (ecdsa-rdfc-2019, JWS 2020), or  |
 * |      |            | a JWT algorithm outside RS256/ES256/EdDSA (narrowed in issue 21)         |
 * | E177 | issued_by  | OB 3.0: the proof's key cannot be found: the verification method is not |
 * |      |            | a URI, of an unknown scheme or DID method, its DID document does not    |
 * |      |            | list it for assertions, or it is no key (issue 21)                      |
 * | E978 | all four   | OB 3.0: a VC-JWT whose registered claims (iss, sub, jti, nbf, exp)       |
 * |      |            | disagree with its credential, or whose header key has a private part     |
 * | E980 | all four   | OB 3.0: the data model is broken: VC context not first, no OB 3.0 or an |
 * |      |            | unbundled context, wrong type, a term no context defines, a JSON Schema |
 * |      |            | violation, or a credentialSchema not bundled here (unverifiable)         |
 * | E992 | all four   | a Blockcerts certificate this verifier does not read: given as a JWS,   |
 * |      |            | or anchored only on a chain other than Ethereum (Bitcoin)               |
 * | E989 | all four   | Blockcerts: the anchoring transaction holds another Merkle root         |
 * | E990 | all four   | Blockcerts: a proof or hash algorithm not supported (not SHA-256        |
 * |      |            | MerkleProof2017/2019), or a JSON-LD context not bundled here            |
 * | E994 | all four   | Blockcerts: not anchored (mocknet/mockchain): never valid               |
 * | E995 | all four   | Blockcerts: the anchoring transaction is not found on its network (or   |
 * |      |            | not mined yet)                                                          |
 * | E996 | all four   | Blockcerts: the Merkle path does not lead from the credential's hash    |
 * |      |            | to the Merkle root                                                      |
 * | E997 | all four   | Blockcerts: the credential's hash is not the one anchored (changed, or  |
 * |      |            | it uses terms no bundled context defines)                               |
 * | E993 | all four   | not a badge: JSON (given, or found at the URL) of no format known here, |
 * |      |            | or a page that is not JSON                                              |
 * | E171 | issued_by  | the issuer profile's `type` is missing or not Issuer/Profile            |
 * | E172 | issued_by  | the issuer profile lacks its id, name, url or email                     |
 * | E173 | issued_by  | an issuer profile value has the wrong type (url, email, image, ...)     |
 * | E174 | issued_by  | the issuer's verification rules are malformed (startsWith not a URL,    |
 * |      |            | allowedOrigins not a host name)                                         |
 * | E175 | issued_by  | a signed badge's key document is malformed (type, owner, publicKeyPem)  |
 * | E176 | issued_by  | a signed badge's revocation list is malformed (type, revokedAssertions) |
 * | E981 | all four   | the assertion's `type` is missing or not Assertion                      |
 * | E982 | all four   | an assertion property is missing or of the wrong type (id, badge,       |
 * |      |            | image, evidence, narrative, revoked, ...)                               |
 * | E983 | all four   | the verification object is missing, mistyped, or names another method   |
 * |      |            | than the badge arrived by (a JWS is SignedBadge, a URL HostedBadge)     |
 * | E984 | all four   | the assertion's image is a data: URI                                    |
 * | E985 | all four   | the badge class's `type` is missing or not BadgeClass                   |
 * | E986 | all four   | the badge class lacks id, name, description, image, criteria or issuer  |
 * | E987 | all four   | a badge class value has the wrong type (criteria, alignment, tags, ...) |
 * | E988 | all four   | an extension does not match its bundled JSON schema                     |
 * | E970 | all four   | CLR 2.0: too large to check here: more than 300 nested credentials,     |
 * |      |            | 1,000 achievements or 2,000 associations, counted before any JSON-LD    |
 * |      |            | or proof work (issue 38)                                                |
 * | E971 | (nested)   | CLR 2.0: a nested credential that is itself a CLR: listed, not followed |
 * | E972 | (nested)   | CLR 2.0: a nested credential whose id came earlier in the same record:  |
 * |      |            | not verified twice                                                      |
 * | E973 | (nested)   | CLR 2.0: a nested entry this verifier does not check: no Open Badges    |
 * |      |            | 3.0 credential (another type, or neither an object nor a VC-JWT)        |
 * | E974 | (nested)   | CLR 2.0: a nested credential awarded to someone else than the record's  |
 * |      |            | learner (another subject id or identity): not the learner's, however    |
 * |      |            | well it is signed                                                       |
 * | W006 | none       | CLR 2.0: some nested credentials do not hold (each is listed with its   |
 * |      |            | own verdict); the record itself is judged by its own proof and issuer   |
 * | W007 | none       | CLR 2.0: some nested credentials could not be checked now (and none     |
 * |      |            | failed outright)                                                        |
 * | W008 | none       | CLR 2.0: associations that name no achievement or credential of the     |
 * |      |            | record, or one achievement id written twice: shown as written           |
 * | W009 | none       | CLR 2.0: it names 1EdTech's CLR JSON Schema, which is not bundled here: |
 * |      |            | its structure was checked by Lanyard's own rules of the CLR data model  |
 * |      |            | (ClrSubject, Achievement, Association) instead. Fails no item           |
 * | E999 | all four   | the badge itself cannot be verified: revoked, not found, not an Open    |
 * |      |            | Badge, a URL refused by the outbound guard, or unreachable right now    |
 *
 * E027/E028, E171-E176 and E981-E988 are the OB 2.0 data model (HV-22, model/classes.ts): a problem
 * of the issuer's documents fails issued_by, of the recipient awarded_to, of the assertion or its
 * badge class the badge itself (all four). Dates keep E042/E044.
 *
 * Codes the table's rows do not name for every format (src/server/error-docs.ts says each in full):
 * E168 also covers an OB 3.0 VC-JWT key that is private or of another algorithm (ob3/jwt/verify.ts)
 * and a Blockcerts issuer profile that is unusable or did not list the anchoring key at the time
 * (blockcerts/verify/steps/fetchBlockcertsIssuer.ts and checkBlockcertsIssuerKey.ts); E176 also an OB 3.0 status
 * entry or list that is malformed or not signed by the credential's issuer (ob3/verify/status-list.ts);
 * E028, E172 and E173 also OB 3.0 schema violations of the recipient and the issuer
 * (checks/checkOb3Schema.ts); E999 also an OB 3.0 status method or purpose this verifier does not
 * read (ob3/status/), reported as "could not verify now".
 * E026 is kept but no check raises it today: an import checks only verified addresses, so a badge
 * sent to an unverified one reports E025 (and the import answers E422101).
 *
 * W001/W002 are warnings but fail awarded_to (spec §8); W001 is left out beside E179 (whose address
 * to check is moot for a document that was altered). `verify_state` tells "invalid" from
 * "could not verify now" (HV-08, JWS-05), which the four items alone cannot.
 */
export type VerifyCode =
  | 'E168'
  | 'E179'
  | 'E169'
  | 'E042'
  | 'E043'
  | 'E022'
  | 'E023'
  | 'E024'
  | 'E025'
  | 'E026'
  | 'E027'
  | 'E028'
  | 'E044'
  | 'E045'
  | 'E046'
  | 'W001'
  | 'W002'
  | 'W003'
  | 'W004'
  | 'W005'
  | 'E171'
  | 'E172'
  | 'E173'
  | 'E174'
  | 'E175'
  | 'E176'
  | 'E981'
  | 'E982'
  | 'E983'
  | 'E984'
  | 'E985'
  | 'E986'
  | 'E987'
  | 'E988'
  | 'E177'
  | 'E978'
  | 'E980'
  | 'E991'
  | 'E992'
  | 'E993'
  | 'E989'
  | 'E990'
  | 'E994'
  | 'E995'
  | 'E996'
  | 'E997'
  | 'E970'
  | 'E971'
  | 'E972'
  | 'E973'
  | 'E974'
  | 'W006'
  | 'W007'
  | 'W008'
  | 'W009'
  | 'E999';

export type Item = 'issued_by' | 'issued_on' | 'awarded_to' | 'expires_on';

/**
 * Where a step belongs in the report: reading and checking the credential itself, one of the four
 * items, or what is reported beside them (extensions, endorsements).
 */
export type Group = 'credential' | Item | 'extras';

/** Where each code fails the report: one item, all four, or none (a warning that only informs). */
export const ITEM_OF: Record<VerifyCode, Item | 'all' | 'none'> = {
  E168: 'issued_by',
  E179: 'all',
  E169: 'issued_by',
  E042: 'issued_on',
  E043: 'issued_on',
  E022: 'awarded_to',
  E023: 'awarded_to',
  E024: 'awarded_to',
  E025: 'awarded_to',
  E026: 'awarded_to',
  E027: 'awarded_to',
  E028: 'awarded_to',
  W001: 'awarded_to',
  W002: 'awarded_to',
  W003: 'none',
  W004: 'none',
  W005: 'none',
  E171: 'issued_by',
  E172: 'issued_by',
  E173: 'issued_by',
  E174: 'issued_by',
  E175: 'issued_by',
  E176: 'issued_by',
  E981: 'all',
  E982: 'all',
  E983: 'all',
  E984: 'all',
  E985: 'all',
  E986: 'all',
  E987: 'all',
  E988: 'all',
  E044: 'expires_on',
  E045: 'expires_on',
  E046: 'expires_on',
  E177: 'issued_by',
  E978: 'all',
  E980: 'all',
  E991: 'all',
  E992: 'all',
  E993: 'all',
  E989: 'all',
  E990: 'all',
  E994: 'all',
  E995: 'all',
  E996: 'all',
  E997: 'all',
  // E971-E973 are only ever a nested credential's own codes (report `clr.nested`), never the record's.
  E970: 'all',
  E971: 'all',
  E972: 'all',
  E973: 'all',
  E974: 'all',
  W006: 'none',
  W007: 'none',
  W008: 'none',
  W009: 'none',
  E999: 'all',
};
