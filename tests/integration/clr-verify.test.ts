import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { cutNetwork } from '../support/offline-fetch';
import { matchReports, recordReport } from '../support/report-snapshot';
import { asJson, CLR_CONTEXTS, course, record, school, verifyClr, type Issuer } from './clr-helpers';
import { learnerOf, verifyNested } from '../../src/server/clr/verify/nested';
import { docSource } from '../../src/server/verify/doc-source';
import type { Obj } from './ob3-import-helpers';
import { SignJWT, generateKeyPair, exportJWK, base64url } from 'jose';
import { encode as base58 } from 'base58-universal';

/**
 * Issue 38, item 1: CLR 2.0 records verified through Public/Verification. The record is judged by
 * its own proof, issuer, dates, recipient and status; each nested credential is verified on its
 * own and listed with its verdict; what a record may ask for is bounded before any costly work.
 * Issuers are fresh did:keys (nothing fetched), so their names are the credentials' own claim
 * (W003) and the record passes every item with that warning.
 */
const LEARNER = 'learner@school.example';
let harbour: Issuer;
let inland: Issuer;

async function signedCourses(n: number, i: Issuer, grades = 'ABCDF') {
  return Promise.all(
    Array.from({ length: n }, (_, k) =>
      i.sign(course(i, LEARNER, k + 1, grades[k % grades.length], 3, `Term ${(k % 3) + 1}`)),
    ),
  );
}

const verify = async (body: Obj, emails = [LEARNER]) => {
  const got = await verifyClr(body, emails);
  recordReport(got.r, got.http);
  return got;
};

describe('a record signed by its issuer', () => {
  it('holds, with each of its credentials from two schools verified on its own', async () => {
    harbour = await school('Harbour College');
    inland = await school('Inland Institute');
    const nested = [...(await signedCourses(3, harbour)), ...(await signedCourses(2, inland))];
    const { http, r } = await verify(asJson(await harbour.sign(record(harbour, LEARNER, nested))));
    expect(http).toBe(200);
    expect(r.verify_state).toBe('valid');
    expect(r.badge_pass).toBe(true);
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_warnings_code).toEqual(['W003']);
    expect(r.badge_information['badge_name']).toBe('Transcript of records');
    expect(r.badge_information['badge_recipient_name']).toBe(LEARNER);
    expect(r.clr?.achievements).toBe(1);
    expect(r.clr?.associations).toBe(5);
    // Verified, each with W003: their schools' names are the credentials' own claims (did:key
    // issuers), so none is shown as proven.
    expect(r.clr?.nested.map((n) => [n.name, n.state, n.issuer_name, n.warnings])).toEqual([
      ['Course 1', 'valid', null, ['W003']],
      ['Course 2', 'valid', null, ['W003']],
      ['Course 3', 'valid', null, ['W003']],
      ['Course 1', 'valid', null, ['W003']],
      ['Course 2', 'valid', null, ['W003']],
    ]);
    // The record's own steps, then its nested credentials beside the four items.
    expect(r.checks.map((c) => c.check)).toEqual([
      'detectFormat',
      'fetchAssertion',
      'readClrCredential',
      'checkClrContext',
      'checkClrType',
      'checkClrSchema',
      'checkClrRecord',
      'resolveOb3Key',
      'checkOb3Proof',
      'checkOb3Jwt',
      'checkClrJsonLd',
      'checkOb3KeyOwner',
      'checkOb3Dates',
      'checkOb3Recipient',
      'checkOb3Status',
      'checkOb3Endorsements',
      'checkClrNested',
    ]);
  });

  it('as a VC-JWT signed by the issuer’s did:key', async () => {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const x = base64url.decode((await exportJWK(publicKey)).x as string);
    const did = `did:key:z${base58(Uint8Array.of(0xed, 0x01, ...x))}`;
    const vc = record({ ...harbour, did, name: 'Harbour College' }, LEARNER, await signedCourses(2, harbour));
    const jwt = await new SignJWT({ ...vc, iss: did, jti: vc['id'] as string })
      .setProtectedHeader({ alg: 'EdDSA', kid: `${did}#${did.slice(8)}`, typ: 'vc+jwt' })
      .sign(privateKey);
    const { r } = await verify({ input_type: 'jws', jws: jwt });
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_state).toBe('valid');
    expect(r.clr?.nested.map((n) => n.state)).toEqual(['valid', 'valid']);
  });

  it('a grade changed after signing breaks the record’s proof (altered), and then no course is listed', async () => {
    const nested = await signedCourses(2, harbour);
    const signed = await harbour.sign(record(harbour, LEARNER, nested));
    const changed = structuredClone(signed) as Obj;
    const subject = (((changed['credentialSubject'] as Obj)['verifiableCredential'] as Obj[])[1] as Obj)[
      'credentialSubject'
    ] as Obj;
    subject['result'] = [{ ...(subject['result'] as Obj[])[0], value: 'A' }];
    const { r } = await verify(asJson(changed));
    expect(r.verify_state).toBe('invalid');
    expect(r.verify_errors_code).toContain('E179');
    // A record that does not hold says nothing about whose its courses are.
    expect(r.clr?.nested).toEqual([]);
    expect(r.checks.find((c) => c.check === 'checkClrNested')?.outcome).toBe('skip');
  });

  it('a credential whose issuer is forged is listed as not verified (E169); the record stands on its own proof', async () => {
    const forger = await school('Forger');
    // Says it is Inland Institute's, but is signed with the forger's key.
    const forged = await forger.sign({
      ...course(inland, LEARNER, 9),
      issuer: { id: inland.did, type: ['Profile'], name: 'Inland Institute' },
    });
    const nested = [...(await signedCourses(1, harbour)), forged];
    const { r } = await verify(asJson(await harbour.sign(record(harbour, LEARNER, nested))));
    expect(r.verify_state).toBe('valid');
    expect(r.verify_warnings_code).toEqual(['W003', 'W006']);
    const bad = r.clr?.nested[1];
    expect(bad).toMatchObject({ state: 'invalid', issuer_name: null });
    expect(bad?.errors).toContain('E169');
  });

  it('a record signed by someone else than the issuer it names is not verified (E169)', async () => {
    const forger = await school('Forger');
    const claimed = record(harbour, LEARNER, await signedCourses(1, harbour));
    const { r } = await verify(asJson(await forger.sign(claimed)));
    expect(r.verify_state).toBe('invalid');
    expect(r.verify_errors_code).toContain('E169');
    expect(r.items['issued_by']?.status).toBe('fail');
    expect(r.badge_information['issuer_name']).toBeNull();
    expect(r.clr?.nested).toEqual([]);
  });

  it('another learner’s genuine course wrapped into a record does not hold for this one (E974)', async () => {
    const [mine] = await signedCourses(1, harbour);
    const theirs = await inland.sign(course(inland, 'someone-else@school.example', 7));
    const byId = await inland.sign({
      ...course(inland, LEARNER, 8),
      credentialSubject: {
        ...(course(inland, LEARNER, 8)['credentialSubject'] as Obj),
        identifier: [],
        id: 'did:example:other',
      },
    });
    const { r } = await verify(asJson(await harbour.sign(record(harbour, LEARNER, [mine, theirs, byId]))));
    expect(r.verify_state).toBe('valid');
    expect(r.clr?.nested.map((n) => [n.state, n.errors])).toEqual([
      ['valid', []],
      ['invalid', ['E974']],
      ['invalid', ['E974']],
    ]);
  });

  it('with no address given, a course is the learner’s by the record’s own identity', async () => {
    const { r } = await verify(
      asJson(await harbour.sign(record(harbour, LEARNER, await signedCourses(2, harbour)))),
      [],
    );
    expect(r.verify_warnings_code).toContain('W001');
    expect(r.clr?.nested.map((n) => n.state)).toEqual(['valid', 'valid']);
  });

  it('awarded to someone else: the record fails awarded to (E025), whatever its courses say', async () => {
    const { r } = await verify(
      asJson(await harbour.sign(record(harbour, 'other@school.example', await signedCourses(1, harbour)))),
    );
    expect(r.verify_errors_code).toContain('E025');
    expect(r.items['awarded_to']?.status).toBe('fail');
  });
});

describe('bad input: each has its code, a bound on work, and never a 500', () => {
  it('10,000 nested entries are counted and refused before any JSON-LD or proof work (E970)', async () => {
    const big = record(
      harbour,
      LEARNER,
      Array.from({ length: 10_000 }, () => 0),
    );
    const { http, r } = await verify(asJson(big));
    expect(http).toBe(200);
    expect(r.verify_errors_code).toEqual(['E970']);
    // Nothing costly ran after the count: no JSON-LD, schema, key, proof, status or nested step.
    const ran = r.checks.filter((c) => c.outcome !== 'skip').map((c) => c.check);
    expect(ran).toEqual(['detectFormat', 'readClrCredential', 'checkOb3Dates', 'checkOb3Recipient']);
  });

  it('301 nested credentials are too many; 1,001 achievements and 2,001 associations too', async () => {
    for (const over of [
      { verifiableCredential: Array.from({ length: 301 }, () => 0) },
      { achievement: Array.from({ length: 1001 }, () => 0) },
      { association: Array.from({ length: 2001 }, () => 0) },
    ]) {
      const c = record(harbour, LEARNER, []);
      Object.assign(c['credentialSubject'] as Obj, over);
      const { r } = await verify(asJson(c));
      expect(r.verify_errors_code).toEqual(['E970']);
    }
  });

  it('a nested record, a repeated credential and an entry of another kind each get their code', async () => {
    const [one] = await signedCourses(1, harbour);
    const inner = await harbour.sign(record(harbour, LEARNER, [one]));
    const other = await harbour.sign({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: `urn:uuid:${crypto.randomUUID()}`,
      type: ['VerifiableCredential'],
      issuer: harbour.did,
      validFrom: '2026-01-01T00:00:00Z',
      credentialSubject: { id: 'did:example:learner' },
    });
    const nested = [one, inner, one, other, 42, 'not.a.jwt'];
    const { r } = await verify(asJson(await harbour.sign(record(harbour, LEARNER, nested))));
    expect(r.verify_state).toBe('valid');
    expect(r.clr?.nested.map((n) => [n.index, n.state, n.errors])).toEqual([
      [0, 'valid', []],
      [1, 'invalid', ['E971']],
      [2, 'invalid', ['E972']],
      [3, 'invalid', ['E973']],
      [4, 'invalid', ['E973']],
      [5, 'invalid', ['E973']],
    ]);
    expect(r.verify_warnings_code).toContain('W006');
  });

  it('hostile entries (null, lists, empty objects, a deep JWT) in a signed record each get a code, never a 500', async () => {
    const deep = `${'['.repeat(40)}1${']'.repeat(40)}`;
    const b64 = (t: string) => btoa(t).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const deepJwt = `${b64('{"alg":"EdDSA"}')}.${b64(`{"vc":{"type":["VerifiableCredential","OpenBadgeCredential"],"x":${deep}}}`)}.c2ln`;
    const { http, r } = await verify(asJson(await harbour.sign(record(harbour, LEARNER, [[], {}, deepJwt]))));
    expect(http).toBe(200);
    expect(r.verify_state).toBe('valid');
    expect(r.clr?.nested.map((n) => [n.state, n.errors])).toEqual([
      ['invalid', ['E973']],
      ['invalid', ['E973']],
      ['invalid', ['E973']],
    ]);
  });

  it('entries no signer would sign (odd ids and subjects) are refused one by one, and unsigned they stop at the record', async () => {
    const odd = [
      null,
      { type: ['VerifiableCredential', 'OpenBadgeCredential'], id: 42, credentialSubject: [[], null] },
      { type: 'OpenBadgeCredential', id: { id: 'x' }, proof: 'z' },
    ];
    const deps = { env, emails: [LEARNER], now: Date.now(), src: docSource(env) };
    for (const [i, entry] of odd.entries()) {
      const n = await verifyNested(i, entry, new Set(), learnerOf(null, LEARNER), deps);
      expect([n.state, n.issuer_name]).toEqual(['invalid', null]);
      expect(n.errors.length).toBeGreaterThan(0);
    }
    const { http, r } = await verify(asJson(record(harbour, LEARNER, odd)));
    // No proof (E991), and the odd ids are no JSON-LD either (E980): the record stops there.
    expect([http, r.verify_errors_code, r.clr?.nested]).toEqual([200, ['E991', 'E980'], []]);
  });

  it('DATA-04: a record naming a context not bundled here (an attacker’s) is refused (E980), and nothing is fetched', async () => {
    const asked = cutNetwork();
    try {
      const c = record(harbour, LEARNER, [], { '@context': [...CLR_CONTEXTS, 'https://attacker.example/ctx.json'] });
      const { http, r } = await verify(asJson(c));
      expect([http, r.verify_errors_code]).toEqual([200, ['E980']]);
      expect(asked).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('JWS-01: a nested VC-JWT with alg "none", with or without a signature, is never read as a credential (E973)', async () => {
    const b64 = (t: string) => btoa(t).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const claims = b64(JSON.stringify({ vc: course(inland, LEARNER, 3) }));
    const none = `${b64('{"alg":"none"}')}.${claims}`;
    const { r } = await verify(asJson(await harbour.sign(record(harbour, LEARNER, [`${none}.`, `${none}.c2ln`]))));
    expect(r.verify_state).toBe('valid');
    expect(r.clr?.nested.map((n) => [n.state, n.errors])).toEqual([
      ['invalid', ['E973']],
      ['invalid', ['E973']],
    ]);
  });

  it('more than two proofs a nested credential, counted over the record, are too many (E970)', async () => {
    const proof = {
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-rdfc-2022',
      verificationMethod: 'did:key:z',
      proofValue: 'z',
    };
    const heavy = Array.from({ length: 200 }, () => ({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      proof: [proof, proof, proof, proof],
    }));
    const { r } = await verify(asJson(record(harbour, LEARNER, heavy)));
    expect(r.verify_errors_code).toEqual(['E970']);
  });

  it('associations that name nothing the record holds are shown as written, with a warning (W008)', async () => {
    const signed = await harbour.sign(record(harbour, LEARNER, await signedCourses(1, harbour), {}));
    const loose = record(harbour, LEARNER, (signed['credentialSubject'] as Obj)['verifiableCredential'] as Obj[]);
    (loose['credentialSubject'] as Obj)['association'] = [
      { type: 'Association', associationType: 'precedes', sourceId: 'urn:uuid:nowhere', targetId: 'urn:uuid:nothing' },
    ];
    const { r } = await verify(asJson(await harbour.sign(loose)));
    expect(r.verify_state).toBe('valid');
    expect(r.verify_warnings_code).toContain('W008');
  });

  it('an association of an unknown type, or an achievement that is no OB 3.0 Achievement, breaks the record (E980)', async () => {
    for (const subject of [
      { association: [{ type: 'Association', associationType: 'isCousinOf', sourceId: 'urn:a', targetId: 'urn:b' }] },
      { achievement: [{ id: 'urn:uuid:x', type: ['Achievement'], name: 'No criteria or description' }] },
    ]) {
      const c = record(harbour, LEARNER, []);
      Object.assign(c['credentialSubject'] as Obj, subject);
      const { r } = await verify(asJson(await harbour.sign(c)));
      expect(r.verify_errors_code).toEqual(['E980']);
    }
  });

  it('a term no context defines, added after signing, is refused as not well formed (E980), never checked as altered alone', async () => {
    const signed = await harbour.sign(record(harbour, LEARNER, await signedCourses(1, harbour)));
    const { r } = await verify(asJson({ ...signed, favouriteColour: 'blue' }));
    expect(r.verify_errors_code).toEqual(['E980']);
    expect(r.checks.filter((c) => c.code === 'E980').map((c) => c.check)).toEqual(['checkOb3Proof', 'checkClrJsonLd']);
  });

  it('names 1EdTech’s CLR schema: checked by the CLR data model here instead, and said (W009); another schema is not fetched (E980, could not verify)', async () => {
    // The OB extensions context defines the 1EdTechJsonSchemaValidator2019 type.
    const schema = (id: string) => ({
      '@context': [...CLR_CONTEXTS, 'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json'],
      credentialSchema: [{ id, type: '1EdTechJsonSchemaValidator2019' }],
    });
    const named = record(
      harbour,
      LEARNER,
      [],
      schema('https://purl.imsglobal.org/spec/clr/v2p0/schema/json/clr_v2p0_clrcredential_schema.json'),
    );
    const a = await verify(asJson(await harbour.sign(named)));
    expect(a.r.verify_warnings_code).toEqual(['W009', 'W003']);
    expect(a.r.verify_state).toBe('valid');
    const elsewhere = record(harbour, LEARNER, [], schema('https://schemas.example/clr.json'));
    const b = await verify(asJson(await harbour.sign(elsewhere)));
    expect(b.r.verify_errors_code).toEqual(['E980']);
    expect(b.r.verify_state).toBe('unverifiable');
  });

  it('50 parallel verifications of one record all answer the same, never 500', async () => {
    const body = asJson(await harbour.sign(record(harbour, LEARNER, await signedCourses(4, inland))));
    const all = await Promise.all(Array.from({ length: 50 }, () => verifyClr(body, [LEARNER])));
    expect(all.map((a) => a.http)).toEqual(Array(50).fill(200));
    expect(new Set(all.map((a) => `${a.r.verify_state} ${a.r.clr?.nested.map((n) => n.state).join()}`))).toEqual(
      new Set(['valid valid,valid,valid,valid']),
    );
  });
});

it('the reports of this corpus are held (issue 36)', () => matchReports('clr-verify'));
