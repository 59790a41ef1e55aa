/**
 * The property tables of the Open Badges 2.0 data model ("Open Badges Vocabulary"), as data: for
 * each class, its JSON-LD type and, per property, the expected type, whether it is required and
 * whether several values are allowed. Embedded nodes of another class are checked with that
 * class's table. Written from the specification's tables, where the 1EdTech reference validator
 * differs (it skips the checks of a node whose type is wrong, and does not insist on an issuer's
 * email), the specification wins (security guide HV-22).
 */
export type ClassName =
  | 'Assertion'
  | 'BadgeClass'
  | 'Profile'
  | 'IdentityObject'
  | 'AssertionVerification'
  | 'ProfileVerification'
  | 'Evidence'
  | 'Image'
  | 'Criteria'
  | 'AlignmentObject'
  | 'RevocationList'
  | 'RevokedEntry'
  | 'CryptographicKey';

export type ValueKind =
  | 'iri'
  | 'url'
  | 'text'
  | 'boolean'
  | 'datetime'
  | 'email'
  | 'host'
  | 'textOrNumber'
  /** An IRI, or a blank node identifier (`_:b1`) naming an embedded node without one. */
  | 'nodeId'
  /** Another edition of the same object: an IRI, or a node of the same class with an IRI id. */
  | 'related'
  /** A node or an IRI, checked by its own check (the badge of an assertion, an issuer...). */
  | 'ref'
  /** An embedded object, checked by its own check (recipient, verification). */
  | 'object';

/** An IRI or an embedded node of `node`; `dataUri` tells whether a data: URI may stand for it. */
export interface NodeKind {
  node: ClassName;
  dataUri?: boolean;
  /** Whether a bare IRI may stand for the node (false: it must be embedded). */
  iri?: boolean;
}

export interface PropRule {
  prop: string;
  kind: ValueKind | NodeKind;
  required?: boolean;
  many?: boolean;
}

export interface ClassRules {
  /**
   * Type names of which one must be present; absent: the type is optional (it has a default).
   * `single`: one type only (the IdentityObject's type names one property, not several).
   */
  type?: { required: boolean; oneOf?: string[]; single?: boolean };
  props: PropRule[];
  /** At least one of these properties must be present. */
  oneOf?: string[];
}

/**
 * "Properties usable across several classes" (related, version, endorsement): all optional. A
 * related edition may be a node, as the specification's Internationalization example writes it
 * (`{ "id": ..., "@language": "en-US" }`).
 */
const COMMON: PropRule[] = [
  { prop: 'related', kind: 'related', many: true },
  { prop: 'version', kind: 'textOrNumber' },
  { prop: 'endorsement', kind: 'ref', many: true },
];

export const CLASSES: Record<ClassName, ClassRules> = {
  Assertion: {
    type: { required: true, oneOf: ['Assertion'] },
    props: [
      { prop: 'id', kind: 'iri', required: true },
      { prop: 'recipient', kind: 'object', required: true },
      { prop: 'badge', kind: 'ref', required: true },
      { prop: 'verification', kind: 'object', required: true },
      { prop: 'issuedOn', kind: 'datetime', required: true },
      // "An unbaked image for the badge is defined in the BadgeClass": here it is the baked one,
      // so never a data: URI (the reference validator's allow_data_uri: False).
      { prop: 'image', kind: { node: 'Image', dataUri: false } },
      { prop: 'evidence', kind: { node: 'Evidence' }, many: true },
      { prop: 'narrative', kind: 'text' },
      { prop: 'expires', kind: 'datetime' },
      { prop: 'revoked', kind: 'boolean' },
      { prop: 'revocationReason', kind: 'text' },
      { prop: 'uid', kind: 'text' },
      ...COMMON,
    ],
  },
  BadgeClass: {
    type: { required: true, oneOf: ['BadgeClass'] },
    props: [
      { prop: 'id', kind: 'iri', required: true },
      { prop: 'name', kind: 'text', required: true },
      { prop: 'description', kind: 'text', required: true },
      { prop: 'image', kind: { node: 'Image', dataUri: true }, required: true },
      { prop: 'criteria', kind: { node: 'Criteria' }, required: true },
      { prop: 'issuer', kind: 'ref', required: true },
      { prop: 'alignment', kind: { node: 'AlignmentObject', iri: false }, many: true },
      { prop: 'tags', kind: 'text', many: true },
      ...COMMON,
    ],
  },
  // An issuer's Profile: "when used as a badge issuer", id, type, name, url and email are required.
  Profile: {
    type: { required: true, oneOf: ['Issuer', 'Profile'] },
    props: [
      { prop: 'id', kind: 'iri', required: true },
      { prop: 'name', kind: 'text', required: true },
      { prop: 'url', kind: 'url', required: true },
      { prop: 'email', kind: 'email', required: true },
      { prop: 'telephone', kind: 'text' },
      { prop: 'description', kind: 'text' },
      { prop: 'image', kind: { node: 'Image', dataUri: true } },
      { prop: 'publicKey', kind: 'ref', many: true },
      { prop: 'verification', kind: 'object' },
      { prop: 'revocationList', kind: 'iri' },
      ...COMMON,
    ],
  },
  IdentityObject: {
    type: { required: true, single: true },
    props: [
      { prop: 'identity', kind: 'text', required: true },
      { prop: 'hashed', kind: 'boolean', required: true },
      { prop: 'salt', kind: 'text' },
    ],
  },
  // Compaction into the OB v2 context writes the context's short aliases, `hosted` and `signed`.
  AssertionVerification: {
    type: { required: true, oneOf: ['HostedBadge', 'SignedBadge', 'hosted', 'signed'] },
    props: [{ prop: 'creator', kind: 'iri' }],
  },
  ProfileVerification: {
    type: { required: false },
    props: [
      { prop: 'verificationProperty', kind: 'text' },
      { prop: 'startsWith', kind: 'url', many: true },
      { prop: 'allowedOrigins', kind: 'host', many: true },
    ],
  },
  Evidence: {
    props: [
      { prop: 'id', kind: 'nodeId' },
      { prop: 'narrative', kind: 'text' },
      { prop: 'name', kind: 'text' },
      { prop: 'description', kind: 'text' },
      { prop: 'genre', kind: 'text' },
      { prop: 'audience', kind: 'text' },
    ],
  },
  Image: {
    props: [
      { prop: 'id', kind: 'iri', required: true },
      { prop: 'caption', kind: 'text' },
      { prop: 'author', kind: 'iri' },
    ],
  },
  Criteria: {
    props: [
      { prop: 'id', kind: 'nodeId' },
      { prop: 'narrative', kind: 'text' },
    ],
    // Criteria without either says nothing about how the badge is earned (a blank node id names
    // no page, so it does not count: validate.ts).
    oneOf: ['id', 'narrative'],
  },
  AlignmentObject: {
    props: [
      { prop: 'targetName', kind: 'text', required: true },
      { prop: 'targetUrl', kind: 'url', required: true },
      { prop: 'targetDescription', kind: 'text' },
      { prop: 'targetFramework', kind: 'text' },
      { prop: 'targetCode', kind: 'text' },
    ],
  },
  RevocationList: {
    type: { required: true, oneOf: ['RevocationList'] },
    props: [
      { prop: 'id', kind: 'iri' },
      { prop: 'issuer', kind: 'iri' },
      // Required by the table, but a list with nothing revoked is `[]`, which JSON-LD cannot tell
      // from an absent property: an empty list is a list.
      { prop: 'revokedAssertions', kind: { node: 'RevokedEntry' }, many: true },
    ],
  },
  // An entry of revokedAssertions: an id (or a legacy uid) and optionally why.
  RevokedEntry: {
    props: [
      { prop: 'id', kind: 'iri' },
      { prop: 'uid', kind: 'text' },
      { prop: 'revocationReason', kind: 'text' },
    ],
    oneOf: ['id', 'uid'],
  },
  CryptographicKey: {
    type: { required: false, oneOf: ['CryptographicKey'] },
    props: [
      { prop: 'id', kind: 'iri' },
      { prop: 'owner', kind: 'iri' },
      { prop: 'publicKeyPem', kind: 'text' },
    ],
  },
};
