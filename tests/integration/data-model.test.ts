import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_OF, type VerifyCode } from '../../src/server/verdict/codes';
import {
  allowStandIn,
  hostedTrio,
  serveHosted,
  serveSigned,
  signedTrio,
  SERVER,
  verifyCall,
  type Obj,
  type SignedTrio,
} from './badge-trio';
import { matchReports } from '../support/report-snapshot';

/**
 * Issue 17, verification item 2 (HV-22): each property rule of the Open Badges 2.0 data model is
 * one case, a mutated copy of the reference validator's valid 2_0_basic trio (or of a signed badge
 * on it) served by the stand-in issuer and verified through POST Public/Verification. Each must be
 * invalid with the documented code, failing the item that code belongs to.
 */
type Doc = keyof SignedTrio;
interface Case {
  rule: string;
  doc: Doc;
  mutate: (d: Obj, at: string) => void;
  code: VerifyCode;
  signed?: boolean;
}

const DATA_PNG = 'data:image/png;base64,iVBORw0KGgo=';
const GEO = 'https://w3id.org/openbadges/extensions/geoCoordinatesExtension/context.json';
const APPLY = 'https://w3id.org/openbadges/extensions/applyLinkExtension/context.json';
const geo = (over: Obj) => ({ '@context': GEO, type: ['Extension', 'extensions:GeoCoordinates'], ...over });
const obj = (d: Obj, k: string) => d[k] as Obj;

const CASES: Case[] = [
  // Assertion
  { rule: 'Assertion: type is required', doc: 'assertion', mutate: (d) => delete d['type'], code: 'E981' },
  {
    rule: 'Assertion: type includes Assertion',
    doc: 'assertion',
    mutate: (d) => (d['type'] = 'BadgeClass'),
    code: 'E981',
  },
  {
    rule: 'Assertion: type entries are type names',
    doc: 'assertion',
    mutate: (d) => (d['type'] = ['Assertion', 'not a type']),
    code: 'E981',
  },
  { rule: 'Assertion: id is required', doc: 'assertion', signed: true, mutate: (d) => delete d['id'], code: 'E982' },
  {
    rule: 'Assertion: id is an IRI',
    doc: 'assertion',
    signed: true,
    mutate: (d) => (d['id'] = 'not an iri'),
    code: 'E982',
  },
  { rule: 'Assertion: recipient is required', doc: 'assertion', mutate: (d) => delete d['recipient'], code: 'E022' },
  {
    rule: 'Assertion: recipient is an IdentityObject',
    doc: 'assertion',
    mutate: (d) => (d['recipient'] = 'nobody@example.org'),
    code: 'E022',
  },
  { rule: 'Assertion: badge is required', doc: 'assertion', mutate: (d) => delete d['badge'], code: 'E982' },
  {
    rule: 'Assertion: badge is an IRI or a BadgeClass',
    doc: 'assertion',
    mutate: (d) => (d['badge'] = 42),
    code: 'E982',
  },
  {
    rule: 'Assertion: verification is required',
    doc: 'assertion',
    mutate: (d) => delete d['verification'],
    code: 'E983',
  },
  { rule: 'Assertion: issuedOn is required', doc: 'assertion', mutate: (d) => delete d['issuedOn'], code: 'E042' },
  {
    rule: 'Assertion: issuedOn is a DateTime with a time zone',
    doc: 'assertion',
    mutate: (d) => (d['issuedOn'] = '2016-12-31T23:59:59'),
    code: 'E042',
  },
  {
    rule: 'Assertion: issuedOn is a string DateTime, not a Unix time',
    doc: 'assertion',
    mutate: (d) => (d['issuedOn'] = 1483228799),
    code: 'E042',
  },
  {
    rule: 'Assertion: issuedOn is a real calendar day',
    doc: 'assertion',
    mutate: (d) => (d['issuedOn'] = '2016-02-30T00:00:00Z'),
    code: 'E042',
  },
  {
    rule: 'Assertion: expires is a DateTime',
    doc: 'assertion',
    mutate: (d) => (d['expires'] = '2099-01-01'),
    code: 'E044',
  },
  {
    rule: 'Assertion: expires is one DateTime, not an object',
    doc: 'assertion',
    mutate: (d) => (d['expires'] = { when: 'later' }),
    code: 'E044',
  },
  { rule: 'Assertion: image is an IRI or an Image', doc: 'assertion', mutate: (d) => (d['image'] = 42), code: 'E982' },
  {
    rule: 'Assertion: image is not a data: URI',
    doc: 'assertion',
    mutate: (d) => (d['image'] = DATA_PNG),
    code: 'E984',
  },
  {
    rule: 'Assertion: an embedded Image is not a data: URI either',
    doc: 'assertion',
    mutate: (d) => (d['image'] = { id: DATA_PNG }),
    code: 'E984',
  },
  {
    rule: 'Image: id is required',
    doc: 'assertion',
    mutate: (d) => (d['image'] = { caption: 'A robot' }),
    code: 'E982',
  },
  {
    rule: 'Image: caption is text',
    doc: 'assertion',
    mutate: (d, at) => (d['image'] = { id: `${at}/i.png`, caption: { en: 'x' } }),
    code: 'E982',
  },
  {
    rule: 'Image: author is an IRI',
    doc: 'assertion',
    mutate: (d, at) => (d['image'] = { id: `${at}/i.png`, author: 'Beth' }),
    code: 'E982',
  },
  {
    rule: 'Assertion: evidence is an IRI or Evidence',
    doc: 'assertion',
    mutate: (d) => (d['evidence'] = [42]),
    code: 'E982',
  },
  {
    rule: 'Evidence: id is an IRI',
    doc: 'assertion',
    mutate: (d) => (d['evidence'] = { id: 'my robot' }),
    code: 'E982',
  },
  {
    rule: 'Evidence: narrative is text',
    doc: 'assertion',
    mutate: (d) => (d['evidence'] = { narrative: 7 }),
    code: 'E982',
  },
  {
    rule: 'Evidence: name is text',
    doc: 'assertion',
    mutate: (d) => (d['evidence'] = { narrative: 'x', name: true }),
    code: 'E982',
  },
  {
    rule: 'Evidence: description is text',
    doc: 'assertion',
    mutate: (d) => (d['evidence'] = { narrative: 'x', description: 1 }),
    code: 'E982',
  },
  {
    rule: 'Evidence: genre is text',
    doc: 'assertion',
    mutate: (d) => (d['evidence'] = { narrative: 'x', genre: ['a', 'b'] }),
    code: 'E982',
  },
  {
    rule: 'Evidence: audience is text',
    doc: 'assertion',
    mutate: (d) => (d['evidence'] = { narrative: 'x', audience: false }),
    code: 'E982',
  },
  { rule: 'Assertion: narrative is text', doc: 'assertion', mutate: (d) => (d['narrative'] = 5), code: 'E982' },
  { rule: 'Assertion: revoked is a boolean', doc: 'assertion', mutate: (d) => (d['revoked'] = 'no'), code: 'E982' },
  {
    rule: 'Assertion: revocationReason is text',
    doc: 'assertion',
    mutate: (d) => (d['revocationReason'] = 5),
    code: 'E982',
  },
  {
    rule: 'Assertion: related is IRIs',
    doc: 'assertion',
    mutate: (d) => (d['related'] = 'the other one'),
    code: 'E982',
  },
  {
    rule: 'Assertion: version is text or a number',
    doc: 'assertion',
    mutate: (d) => (d['version'] = true),
    code: 'E982',
  },
  // VerificationObject of the assertion
  {
    rule: 'VerificationObject: type is required',
    doc: 'assertion',
    mutate: (d) => (d['verification'] = {}),
    code: 'E983',
  },
  {
    rule: 'VerificationObject: type is HostedBadge or SignedBadge',
    doc: 'assertion',
    mutate: (d) => (d['verification'] = { type: 'VerificationObject' }),
    code: 'E983',
  },
  {
    rule: 'VerificationObject: a signed badge says SignedBadge',
    doc: 'assertion',
    signed: true,
    mutate: (d) => (obj(d, 'verification')['type'] = 'HostedBadge'),
    code: 'E983',
  },
  {
    rule: 'VerificationObject: creator is an IRI',
    doc: 'assertion',
    signed: true,
    mutate: (d) => (obj(d, 'verification')['creator'] = 'my key'),
    code: 'E983',
  },
  // IdentityObject
  {
    rule: 'IdentityObject: type is required',
    doc: 'assertion',
    mutate: (d) => delete obj(d, 'recipient')['type'],
    code: 'E027',
  },
  {
    rule: 'IdentityObject: type is one property',
    doc: 'assertion',
    mutate: (d) => (obj(d, 'recipient')['type'] = ['email', 'url']),
    code: 'E027',
  },
  {
    rule: 'IdentityObject: identity is required',
    doc: 'assertion',
    mutate: (d) => delete obj(d, 'recipient')['identity'],
    code: 'E022',
  },
  {
    rule: 'IdentityObject: identity is text',
    doc: 'assertion',
    mutate: (d) => (obj(d, 'recipient')['identity'] = 42),
    code: 'E028',
  },
  {
    rule: 'IdentityObject: a hashed identity is an IdentityHash',
    doc: 'assertion',
    mutate: (d) => (obj(d, 'recipient')['identity'] = 'ecf5409f3f4b'),
    code: 'E023',
  },
  {
    rule: 'IdentityObject: hashed is required',
    doc: 'assertion',
    mutate: (d) => delete obj(d, 'recipient')['hashed'],
    code: 'E028',
  },
  {
    rule: 'IdentityObject: hashed is a boolean',
    doc: 'assertion',
    mutate: (d) => (obj(d, 'recipient')['hashed'] = 'true'),
    code: 'E028',
  },
  {
    rule: 'IdentityObject: salt is text',
    doc: 'assertion',
    mutate: (d) => (obj(d, 'recipient')['salt'] = 1234),
    code: 'E028',
  },
  // BadgeClass
  { rule: 'BadgeClass: type is required', doc: 'badge', mutate: (d) => delete d['type'], code: 'E985' },
  { rule: 'BadgeClass: type includes BadgeClass', doc: 'badge', mutate: (d) => (d['type'] = 'Issuer'), code: 'E985' },
  { rule: 'BadgeClass: id is required', doc: 'badge', mutate: (d) => delete d['id'], code: 'E986' },
  { rule: 'BadgeClass: name is required', doc: 'badge', mutate: (d) => delete d['name'], code: 'E986' },
  { rule: 'BadgeClass: description is required', doc: 'badge', mutate: (d) => delete d['description'], code: 'E986' },
  { rule: 'BadgeClass: image is required', doc: 'badge', mutate: (d) => delete d['image'], code: 'E986' },
  { rule: 'BadgeClass: criteria is required', doc: 'badge', mutate: (d) => delete d['criteria'], code: 'E986' },
  { rule: 'BadgeClass: issuer is required', doc: 'badge', mutate: (d) => delete d['issuer'], code: 'E986' },
  { rule: 'BadgeClass: id is an IRI', doc: 'badge', mutate: (d) => (d['id'] = 'robotics badge'), code: 'E987' },
  {
    rule: 'BadgeClass: name is one text',
    doc: 'badge',
    mutate: (d) => (d['name'] = ['Robots', 'More robots']),
    code: 'E987',
  },
  { rule: 'BadgeClass: name is text', doc: 'badge', mutate: (d) => (d['name'] = { text: 'Robots' }), code: 'E987' },
  { rule: 'BadgeClass: description is text', doc: 'badge', mutate: (d) => (d['description'] = 5), code: 'E987' },
  { rule: 'BadgeClass: image is an IRI or an Image', doc: 'badge', mutate: (d) => (d['image'] = 5), code: 'E987' },
  {
    rule: 'BadgeClass: criteria is an IRI or Criteria',
    doc: 'badge',
    mutate: (d) => (d['criteria'] = 5),
    code: 'E987',
  },
  {
    rule: 'Criteria: id or narrative is present',
    doc: 'badge',
    mutate: (d) => (d['criteria'] = { type: 'Criteria' }),
    code: 'E987',
  },
  {
    rule: 'Criteria: narrative is text',
    doc: 'badge',
    mutate: (d) => (d['criteria'] = { narrative: 5 }),
    code: 'E987',
  },
  {
    rule: 'Criteria: id is an IRI',
    doc: 'badge',
    mutate: (d) => (d['criteria'] = { id: 'see our site' }),
    code: 'E987',
  },
  { rule: 'BadgeClass: issuer is an IRI or a Profile', doc: 'badge', mutate: (d) => (d['issuer'] = 5), code: 'E987' },
  { rule: 'BadgeClass: tags are text', doc: 'badge', mutate: (d) => (d['tags'] = ['robots', 5]), code: 'E987' },
  {
    rule: 'BadgeClass: alignment is AlignmentObjects',
    doc: 'badge',
    mutate: (d) => (d['alignment'] = 'https://example.org/std'),
    code: 'E987',
  },
  {
    rule: 'AlignmentObject: targetName is required',
    doc: 'badge',
    mutate: (d, at) => (d['alignment'] = [{ targetUrl: `${at}/std` }]),
    code: 'E987',
  },
  {
    rule: 'AlignmentObject: targetUrl is required',
    doc: 'badge',
    mutate: (d) => (d['alignment'] = [{ targetName: 'Std' }]),
    code: 'E987',
  },
  {
    rule: 'AlignmentObject: targetUrl is a URL',
    doc: 'badge',
    mutate: (d) => (d['alignment'] = [{ targetName: 'Std', targetUrl: 'urn:std:1' }]),
    code: 'E987',
  },
  {
    rule: 'AlignmentObject: targetDescription is text',
    doc: 'badge',
    mutate: (d, at) => (d['alignment'] = [{ targetName: 'S', targetUrl: `${at}/s`, targetDescription: 1 }]),
    code: 'E987',
  },
  {
    rule: 'AlignmentObject: targetFramework is text',
    doc: 'badge',
    mutate: (d, at) => (d['alignment'] = [{ targetName: 'S', targetUrl: `${at}/s`, targetFramework: {} }]),
    code: 'E987',
  },
  {
    rule: 'AlignmentObject: targetCode is text',
    doc: 'badge',
    mutate: (d, at) => (d['alignment'] = [{ targetName: 'S', targetUrl: `${at}/s`, targetCode: 7 }]),
    code: 'E987',
  },
  // Profile (the issuer)
  { rule: 'Profile: type is required', doc: 'issuer', mutate: (d) => delete d['type'], code: 'E171' },
  {
    rule: 'Profile: type is Issuer or Profile',
    doc: 'issuer',
    mutate: (d) => (d['type'] = 'BadgeClass'),
    code: 'E171',
  },
  { rule: 'Profile: id is required', doc: 'issuer', mutate: (d) => delete d['id'], code: 'E172' },
  { rule: 'Profile: name is required', doc: 'issuer', mutate: (d) => delete d['name'], code: 'E172' },
  { rule: 'Profile: url is required', doc: 'issuer', mutate: (d) => delete d['url'], code: 'E172' },
  { rule: 'Profile: email is required', doc: 'issuer', mutate: (d) => delete d['email'], code: 'E172' },
  { rule: 'Profile: name is text', doc: 'issuer', mutate: (d) => (d['name'] = { en: 'Issuer' }), code: 'E173' },
  { rule: 'Profile: url is a URL', doc: 'issuer', mutate: (d) => (d['url'] = 'example.org'), code: 'E173' },
  {
    rule: 'Profile: email is an email address',
    doc: 'issuer',
    mutate: (d) => (d['email'] = 'contact at example.org'),
    code: 'E173',
  },
  { rule: 'Profile: telephone is text', doc: 'issuer', mutate: (d) => (d['telephone'] = 16175551212), code: 'E173' },
  { rule: 'Profile: description is text', doc: 'issuer', mutate: (d) => (d['description'] = ['a', 'b']), code: 'E173' },
  { rule: 'Profile: image is an IRI or an Image', doc: 'issuer', mutate: (d) => (d['image'] = true), code: 'E173' },
  { rule: 'Profile: publicKey is IRIs or keys', doc: 'issuer', mutate: (d) => (d['publicKey'] = 5), code: 'E173' },
  {
    rule: 'Profile: revocationList is an IRI',
    doc: 'issuer',
    mutate: (d) => (d['revocationList'] = 'the list'),
    code: 'E173',
  },
  {
    rule: 'Profile: verification is a VerificationObject',
    doc: 'issuer',
    mutate: (d) => (d['verification'] = 'hosted'),
    code: 'E174',
  },
  {
    rule: 'Profile VerificationObject: startsWith is a URL',
    doc: 'issuer',
    mutate: (d) => (d['verification'] = { startsWith: 'not a url' }),
    code: 'E174',
  },
  {
    rule: 'Profile VerificationObject: allowedOrigins are hosts',
    doc: 'issuer',
    mutate: (d) => (d['verification'] = { allowedOrigins: 'https://example.org/badges' }),
    code: 'E174',
  },
  {
    rule: 'Profile VerificationObject: verificationProperty is text',
    doc: 'issuer',
    mutate: (d) => (d['verification'] = { verificationProperty: 5 }),
    code: 'E174',
  },
  // CryptographicKey and RevocationList (a signed badge)
  {
    rule: 'CryptographicKey: type is CryptographicKey',
    doc: 'key',
    signed: true,
    mutate: (d) => (d['type'] = 'Issuer'),
    code: 'E175',
  },
  {
    rule: 'CryptographicKey: owner is an IRI',
    doc: 'key',
    signed: true,
    mutate: (d) => (d['owner'] = 'the issuer'),
    code: 'E175',
  },
  {
    rule: 'CryptographicKey: publicKeyPem is text',
    doc: 'key',
    signed: true,
    mutate: (d) => (d['publicKeyPem'] = { pem: 'x' }),
    code: 'E175',
  },
  {
    rule: 'RevocationList: type is required',
    doc: 'list',
    signed: true,
    mutate: (d) => delete d['type'],
    code: 'E176',
  },
  {
    rule: 'RevocationList: type is RevocationList',
    doc: 'list',
    signed: true,
    mutate: (d) => (d['type'] = 'Assertion'),
    code: 'E176',
  },
  {
    rule: 'RevocationList: revokedAssertions are Assertions, not text',
    doc: 'list',
    signed: true,
    mutate: (d) => (d['revokedAssertions'] = { revoked: 'yes' }),
    code: 'E176',
  },
  {
    rule: 'RevocationList: entries are IRIs or objects with an id',
    doc: 'list',
    signed: true,
    mutate: (d) => (d['revokedAssertions'] = [5]),
    code: 'E176',
  },
  {
    rule: 'RevocationList: an entry has an id or uid',
    doc: 'list',
    signed: true,
    mutate: (d) => (d['revokedAssertions'] = [{ revocationReason: 'x' }]),
    code: 'E176',
  },
  // Extensions (bundled schemas)
  {
    rule: 'Extension in an Assertion matches its schema',
    doc: 'assertion',
    mutate: (d) => (d['extensions:GeoCoordinates'] = geo({ description: 'Lab' })),
    code: 'E988',
  },
  {
    rule: 'Extension values have the schema types',
    doc: 'badge',
    mutate: (d) =>
      (d['extensions:GeoCoordinates'] = geo({ description: 'Lab', geo: { latitude: 'north', longitude: 2 } })),
    code: 'E988',
  },
  {
    rule: 'Extension in a Profile matches its schema',
    doc: 'issuer',
    mutate: (d) =>
      (d['extensions:ApplyLink'] = {
        '@context': APPLY,
        type: ['Extension', 'extensions:ApplyLink'],
        url: 'apply here',
      }),
    code: 'E988',
  },
];

/** Changes that the data model allows: each must leave the badge valid. */
const VALID: { rule: string; doc: Doc; mutate: (d: Obj, at: string) => void; signed?: boolean }[] = [
  { rule: 'the trio as it is', doc: 'assertion', mutate: () => undefined },
  { rule: 'the signed badge as it is', doc: 'assertion', signed: true, mutate: () => undefined },
  // Issue 33: fetched at its URL, a signed badge is held to what a hosted one is (ob2-spec-valid).
  {
    rule: 'an assertion fetched at its URL may say SignedBadge',
    doc: 'assertion',
    mutate: (d) => (d['verification'] = { type: 'SignedBadge' }),
  },
  { rule: 'a BadgeClass image may be a data: URI', doc: 'badge', mutate: (d) => (d['image'] = DATA_PNG) },
  { rule: 'an issuer may be typed Profile', doc: 'issuer', mutate: (d) => (d['type'] = 'Profile') },
  {
    rule: 'embedded Criteria with a narrative',
    doc: 'badge',
    mutate: (d) => (d['criteria'] = { narrative: 'Build a robot.' }),
  },
  {
    rule: 'evidence as a list of IRIs and Evidence',
    doc: 'assertion',
    mutate: (d, at) => (d['evidence'] = [`${at}/e1`, { narrative: 'Built it.' }]),
  },
  {
    rule: 'a revocation list with nothing revoked',
    doc: 'list',
    signed: true,
    mutate: (d) => (d['revokedAssertions'] = []),
  },
  {
    rule: 'a valid extension',
    doc: 'badge',
    mutate: (d) => (d['extensions:GeoCoordinates'] = geo({ description: 'Lab', geo: { latitude: 1.5, longitude: 2 } })),
  },
];

let n = 0;
async function run(doc: Doc, mutate: (d: Obj, at: string) => void, signed = false) {
  n += 1;
  const name = `model-${Date.now().toString(36)}-${n}`;
  const at = `${SERVER}/store/${name}`;
  if (signed) {
    const trio = await signedTrio(name);
    mutate(trio[doc], at);
    return verifyCall({ input_type: 'jws', jws: await serveSigned(name, trio) });
  }
  const trio = await hostedTrio(name);
  if (doc === 'key' || doc === 'list') throw new Error('a hosted trio has no key or list');
  mutate(trio[doc], at);
  return verifyCall({ input_type: 'url', url: await serveHosted(name, trio) });
}

describe('the OB 2.0 data model, one rule per case (HV-22)', () => {
  beforeAll(allowStandIn);

  it.each(VALID)('valid: $rule', async ({ doc, mutate, signed }) => {
    const r = await run(doc, mutate, signed);
    expect(r.http).toBe(200);
    expect(r.json).toMatchObject({ verify_state: 'valid', badge_pass: true, verify_errors_code: [] });
  });

  it.each(CASES)('$rule: $code', async ({ doc, mutate, signed, code }) => {
    const r = await run(doc, mutate, signed);
    expect(r.http).toBe(200);
    expect(r.json.verify_state).toBe('invalid');
    expect(r.json.badge_pass).toBe(false);
    expect(r.json.verify_errors_code).toContain(code);
    const items = r.json['items'] as Record<string, { status: string }>;
    const item = ITEM_OF[code];
    if (item === 'all') expect(Object.values(items).every((i) => i.status === 'fail')).toBe(true);
    else expect(items[item]?.status).toBe('fail');
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () => matchReports('data-model'));
