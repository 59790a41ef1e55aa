import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { encode as base58 } from 'base58-universal';
import { env, exports } from 'cloudflare:workers';
import { base64url, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { signOb3Credential } from '../../src/server/ob3/proof/sign';
import { verifyBadge, type VerifiedDocs } from '../../src/server/verify/verify';
import { BASE, SAME_ORIGIN } from './helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

/**
 * Issue 21: OB 3.0 verification wired in, end to end. Credentials are signed here with fresh
 * Ed25519 keys (did:key, or did:web served by the stand-in issuer on 127.0.0.1, which the outbound
 * test allow list opens, as the OB 2.0 tests do), then verified by verifyBadge and the public
 * Verification route. Also the issue's "Bad input" list: each gives a clear code, never a 500,
 * never "valid".
 */
const port = inject('issuerPort');
const SERVER = `http://127.0.0.1:${port}`;
const testEnv = { ...env, OUTBOUND_TEST_ALLOW: `127.0.0.1:${port}` };
const ADA = 'ada@example.org';
let n = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${n++}`;

type Obj = Record<string, unknown>;

async function didKeyPair() {
  const fresh = await Ed25519Multikey.generate();
  const did = `did:key:${fresh.publicKeyMultibase}`;
  const id = `${did}#${fresh.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({ ...(await fresh.export({ secretKey: true })), id, controller: did });
  return { did, id, pair, signer: () => pair.signer() };
}

/** A key whose DID document the stand-in serves at /store/<path>/did.json (did:web over http). */
async function didWebPair(listed = true, published = true) {
  const path = unique('ob3-did');
  const did = `did:web:127.0.0.1%3A${port}:store:${path}`;
  const id = `${did}#key-1`;
  const fresh = await Ed25519Multikey.generate();
  const pair = await Ed25519Multikey.from({ ...(await fresh.export({ secretKey: true })), id, controller: did });
  const other = await Ed25519Multikey.generate();
  const method = { id, type: 'Multikey', controller: did, publicKeyMultibase: pair.publicKeyMultibase };
  const doc = {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: listed
      ? [method]
      : [{ ...method, id: `${did}#key-2`, publicKeyMultibase: other.publicKeyMultibase }],
    assertionMethod: [listed ? id : `${did}#key-2`],
  };
  if (published) await put(`/store/${path}/did.json`, doc);
  return { did, id, signer: () => pair.signer() };
}

async function put(path: string, doc: unknown) {
  const res = await fetch(`${SERVER}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  expect(res.status).toBe(204);
}

function credential(issuer: string, over: Obj = {}, subject: Obj = {}): Obj {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuer, type: ['Profile'], name: 'Lanyard test issuer', url: 'https://issuer.example' },
    validFrom: '2026-01-01T00:00:00Z',
    name: 'Pixel pastry',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: ADA, identityType: 'emailAddress', hashed: false }],
      achievement: {
        id: 'https://issuer.example/achievements/1',
        type: ['Achievement'],
        name: 'Pixel pastry',
        description: 'Baked a pixel pastry.',
        criteria: { narrative: 'Bake it.' },
        image: { id: 'https://issuer.example/pastry.png', type: 'Image' },
        achievementType: 'Badge',
      },
      ...subject,
    },
    ...over,
  };
}

const run = async (input: Parameters<typeof verifyBadge>[1], emails = [ADA], out: VerifiedDocs = {}) =>
  recordReport(await verifyBadge(testEnv, input, emails, Date.now(), undefined, out));
const asJson = (doc: Obj) => ({ kind: 'json', doc: structuredClone(doc) }) as const;

async function route(body: Obj) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ verification_mail: [ADA], ...body }),
  });
  return { http: res.status, json: recordReport((await res.json()) as Obj, res.status) };
}

async function sha256(text: string) {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('a valid OB 3.0 credential (eddsa-rdfc-2022, did:key)', () => {
  it('passes the four items and fills the documents the import keeps', async () => {
    const key = await didKeyPair();
    const signed = await signOb3Credential(credential(key.did), key.signer());
    const out: VerifiedDocs = {};
    const r = await run(asJson(signed), [ADA], out);
    expect(r.verify_errors_code).toEqual([]);
    expect(r.badge_pass).toBe(true);
    expect(r.verify_state).toBe('valid');
    // A did:key is the credential's own word for who issued it: said (W003), no item fails.
    expect(r.verify_warnings_code).toEqual(['W003']);
    expect(r.checks.find((c) => c.check === 'checkOb3KeyOwner')).toMatchObject({ outcome: 'pass', code: 'W003' });
    expect(r.items.awarded_to.text).toBe(ADA);
    expect(r.badge_information).toMatchObject({ badge_name: 'Pixel pastry', issuer_name: 'Lanyard test issuer' });
    expect(out.assertion).toEqual(signed);
    expect(out.ob3).toEqual({ credential: signed, jwt: null });
    expect(out.badge).toMatchObject({
      name: 'Pixel pastry',
      image: 'https://issuer.example/pastry.png',
      criteria: { narrative: 'Bake it.' },
      achievementType: 'Badge',
      tags: [],
    });
    expect(out.issuer).toEqual({
      id: key.did,
      name: 'Lanyard test issuer',
      url: 'https://issuer.example',
      email: null,
      image: null,
    });
    expect(out.dates).toEqual({ issuedOn: '2026-01-01T00:00:00Z', expires: undefined });
    expect(out.url).toBeNull();
  });

  it('every bundled OB 3.0 context address is accepted (3.0.0 under its three names with VC 1.1, 3.0.2 with 2.0)', async () => {
    const key = await didKeyPair();
    const OB = 'https://purl.imsglobal.org/spec/ob/v3p0';
    const VC1 = 'https://www.w3.org/2018/credentials/v1';
    for (const [vc, ob] of [
      [VC1, `${OB}/context.json`],
      [VC1, `${OB}/context/ob_v3p0.jsonld`],
      [VC1, `${OB}/context-3.0.0.json`],
      ['https://www.w3.org/ns/credentials/v2', `${OB}/context-3.0.2.json`],
    ] as const) {
      // VC 1.1 names its issue date issuanceDate (validFrom is no term of its context).
      const dates = vc === VC1 ? { validFrom: undefined, issuanceDate: '2026-01-01T00:00:00Z' } : {};
      const c = JSON.parse(JSON.stringify(credential(key.did, { '@context': [vc, ob], ...dates }))) as Obj;
      const r = await run(asJson(await signOb3Credential(c, key.signer())));
      expect(r.verify_errors_code, ob).toEqual([]);
    }
  });

  it('through the route as JSON and as a baked image; a changed field is altered after signing (E179)', async () => {
    const key = await didKeyPair();
    const signed = await signOb3Credential(credential(key.did), key.signer());
    const ok = await route({ input_type: 'json', json: JSON.stringify(signed) });
    expect(ok.json).toMatchObject({ status: 200, badge_pass: true, verify_state: 'valid' });
    const changed = { ...signed, name: 'Something else' };
    const bad = await route({ input_type: 'json', json: JSON.stringify(changed) });
    expect(bad.json).toMatchObject({ badge_pass: false, verify_state: 'invalid', verify_errors_code: ['E179'] });
  });

  it('recipients: a sha256 hash with salt, a mailto: id, another address (E025), no address (W001)', async () => {
    const key = await didKeyPair();
    const hashed = await signOb3Credential(
      credential(
        key.did,
        {},
        {
          identifier: [
            {
              type: 'IdentityObject',
              identityHash: `sha256$${await sha256(`${ADA}pepper`)}`,
              identityType: 'emailAddress',
              hashed: true,
              salt: 'pepper',
            },
          ],
        },
      ),
      key.signer(),
    );
    expect((await run(asJson(hashed))).badge_pass).toBe(true);
    expect((await run(asJson(hashed), ['someone@example.org'])).verify_errors_code).toEqual(['E025']);
    expect((await run(asJson(hashed), [])).verify_warnings_code).toEqual(['W003', 'W001']);
    const byMail = credential(key.did, {}, { id: `mailto:${ADA}` });
    delete (byMail['credentialSubject'] as Obj)['identifier'];
    const mailto = await signOb3Credential(byMail, key.signer());
    expect((await run(asJson(mailto))).badge_pass).toBe(true);
  });
});

describe('did:web issuers (a DID document on 127.0.0.1 through the outbound guard)', () => {
  it('verifies with the key the DID document lists for assertions', async () => {
    const key = await didWebPair();
    const signed = await signOb3Credential(credential(key.did), key.signer());
    const r = await run(asJson(signed));
    expect(r.verify_errors_code).toEqual([]);
    expect(r.badge_pass).toBe(true);
    // The issuer publishes this key at its own address: no W003.
    expect(r.verify_warnings_code).toEqual([]);
  });

  it('a DID document without the key: E177 invalid; no DID document: E177 could not verify', async () => {
    const key = await didWebPair(false);
    const signed = await signOb3Credential(credential(key.did), key.signer());
    const r = await run(asJson(signed));
    expect(r.verify_errors_code).toEqual(['E177']);
    expect(r.verify_state).toBe('invalid');
    expect(r.items.issued_by.status).toBe('fail');
    const gone = `did:web:127.0.0.1%3A${port}:store:${unique('missing')}`;
    const fresh = await Ed25519Multikey.generate();
    const pair = await Ed25519Multikey.from({
      ...(await fresh.export({ secretKey: true })),
      id: `${gone}#key-1`,
      controller: gone,
    });
    const orphan = await signOb3Credential(credential(gone), pair.signer());
    const o = await run(asJson(orphan));
    expect(o.verify_errors_code).toEqual(['E177']);
    expect(o.verify_state).toBe('unverifiable');
  });

  it('SSRF: a did:web of a private or metadata address is refused before any fetch (E177)', async () => {
    for (const host of ['169.254.169.254', 'localhost%3A8787', '10.0.0.1']) {
      const did = `did:web:${host}`;
      const fresh = await Ed25519Multikey.generate();
      const pair = await Ed25519Multikey.from({
        ...(await fresh.export({ secretKey: true })),
        id: `${did}#key-1`,
        controller: did,
      });
      const r = await run(asJson(await signOb3Credential(credential(did), pair.signer())));
      expect(r.verify_errors_code).toEqual(['E177']);
      expect(r.verify_state).toBe('invalid');
    }
  });

  it("a key of another DID than the issuer is not the issuer's (E169, issue 33)", async () => {
    const key = await didWebPair();
    const signed = await signOb3Credential(credential(`did:web:issuer.example`), key.signer());
    const r = await run(asJson(signed));
    expect(r.verify_errors_code).toContain('E169');
    expect(r.items.issued_by.status).toBe('fail');
    expect(r.badge_pass).toBe(false);
  });
});

/** A BitstringStatusListCredential with the given bits set (16 KiB, gzip, multibase base64url). */
async function statusList(issuer: string, key: { signer: () => object }, set: number[]) {
  const bits = new Uint8Array(16 * 1024);
  for (const i of set) bits[i >> 3] = (bits[i >> 3] as number) | (0x80 >> (i & 7));
  const gz = new Uint8Array(
    await new Response(new Blob([bits]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
  );
  return signOb3Credential(
    {
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id: `${SERVER}/store/list`,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer,
      validFrom: '2026-01-01T00:00:00Z',
      credentialSubject: {
        id: `${SERVER}/store/list#list`,
        type: 'BitstringStatusList',
        statusPurpose: 'revocation',
        encodedList: `u${base64url.encode(gz)}`,
      },
    },
    key.signer(),
  );
}

const entry = (url: string, index: number) => ({
  credentialStatus: {
    id: `${url}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: url,
  },
});

describe('status lists (BitstringStatusList on 127.0.0.1)', () => {
  it('a bit set is revoked (E999, revoked); a bit clear is valid; a list signed by someone else: E176', async () => {
    const key = await didKeyPair();
    const path = `/store/${unique('ob3-list')}`;
    await put(path, await statusList(key.did, key, [7]));
    const revoked = await run(
      asJson(await signOb3Credential(credential(key.did, entry(`${SERVER}${path}`, 7)), key.signer())),
    );
    expect(revoked.verify_errors_code).toEqual(['E999']);
    expect(revoked.badge_information.revoked).toBe(true);
    expect(revoked.verify_state).toBe('invalid');
    const active = await run(
      asJson(await signOb3Credential(credential(key.did, entry(`${SERVER}${path}`, 8)), key.signer())),
    );
    expect(active.badge_pass).toBe(true);
    const stranger = await didKeyPair();
    const forged = `/store/${unique('ob3-list')}`;
    await put(forged, await statusList(stranger.did, stranger, []));
    const f = await run(
      asJson(await signOb3Credential(credential(key.did, entry(`${SERVER}${forged}`, 1)), key.signer())),
    );
    expect(f.verify_errors_code).toEqual(['E176']);
  });

  it("a list that names the credential's issuer but is signed by another key: E176, never valid", async () => {
    const key = await didKeyPair();
    const stranger = await didKeyPair();
    // Every bit clear: trusted, it would say "not revoked".
    const path = `/store/${unique('ob3-list')}`;
    await put(path, await statusList(key.did, stranger, []));
    const r = await run(
      asJson(await signOb3Credential(credential(key.did, entry(`${SERVER}${path}`, 7)), key.signer())),
    );
    expect(r.verify_errors_code).toEqual(['E176']);
    expect(r.badge_pass).toBe(false);
  });

  it("a list whose signing key's DID document cannot be read now: E999, could not verify, not E176", async () => {
    const key = await didKeyPair();
    // Signed with a did:web key whose DID document is not there (404 now: perhaps a moment later).
    const absent = await didWebPair(true, false);
    const path = `/store/${unique('ob3-list')}`;
    await put(path, await statusList(key.did, absent, []));
    const r = await run(
      asJson(await signOb3Credential(credential(key.did, entry(`${SERVER}${path}`, 7)), key.signer())),
    );
    expect(r.verify_errors_code).toEqual(['E999']);
    expect(r.verify_state).toBe('unverifiable');
  });

  it('a list whose server fails (500), never answers or is refused by the guard: E999, never valid', async () => {
    const key = await didKeyPair();
    // A 500 or a server that never answers: try later. Addresses the guard refuses (SSRF-01/03/04): invalid.
    for (const [url, state] of [
      [`${SERVER}/ob3/status-500`, 'unverifiable'],
      [`${SERVER}/slow-headers`, 'unverifiable'],
      ['http://169.254.169.254/latest/meta-data/', 'invalid'],
      ['http://localhost:8787/api/v1.0/openBadge/v3/x', 'invalid'],
      ['file:///etc/passwd', 'invalid'],
    ] as const) {
      const r = await run(asJson(await signOb3Credential(credential(key.did, entry(url, 3)), key.signer())));
      expect(r.verify_errors_code).toEqual(['E999']);
      expect(r.verify_state, url).toBe(state);
      expect(r.badge_information.revoked).toBe(false);
    }
  });
});

describe('bad input (issue 21): a clear code, never a 500, never valid', () => {
  it('an unknown proof suite: E991', async () => {
    const key = await didKeyPair();
    const signed = await signOb3Credential(credential(key.did), key.signer());
    const other = { ...signed, proof: { ...(signed['proof'] as Obj), cryptosuite: 'ecdsa-rdfc-2019' } };
    const r = await route({ input_type: 'json', json: JSON.stringify(other) });
    expect(r.http).toBe(200);
    expect(r.json).toMatchObject({ badge_pass: false, verify_state: 'invalid', verify_errors_code: ['E991'] });
  });

  it('more than eight proofs is refused before any is checked (E980)', async () => {
    const key = await didKeyPair();
    const signed = await signOb3Credential(credential(key.did), key.signer());
    const many = { ...signed, proof: Array.from({ length: 9 }, () => signed['proof']) };
    const r = await run(asJson(many));
    expect(r.verify_errors_code).toEqual(['E980']);
    expect(r.checks.find((c) => c.check === 'checkOb3Proof')?.outcome).toBe('skip');
    const eight = { ...signed, proof: Array.from({ length: 8 }, () => signed['proof']) };
    expect((await run(asJson(eight))).badge_pass).toBe(true);
  });

  it('an unknown DID method: E177', async () => {
    const fresh = await Ed25519Multikey.generate();
    const did = 'did:example:123';
    const pair = await Ed25519Multikey.from({
      ...(await fresh.export({ secretKey: true })),
      id: `${did}#k`,
      controller: did,
    });
    const r = await run(asJson(await signOb3Credential(credential(did), pair.signer())));
    expect(r.verify_errors_code).toEqual(['E177']);
  });

  it('a schema violation: E980', async () => {
    const key = await didKeyPair();
    const broken = credential(key.did);
    // The schema requires an achievement's criteria; JSON-LD does not care (so it can be signed).
    delete ((broken['credentialSubject'] as Obj)['achievement'] as Obj)['criteria'];
    const r = await run(asJson(await signOb3Credential(broken, key.signer())));
    expect(r.verify_errors_code).toEqual(['E980']);
    expect(r.verify_state).toBe('invalid');
  });

  it('garbage in every input form is answered with a code, not a 500', async () => {
    for (const body of [
      {
        input_type: 'json',
        json: '{"@context":["https://www.w3.org/ns/credentials/v2"],"type":"VerifiableCredential"}',
      },
      {
        input_type: 'json',
        json: '{"@context":"https://www.w3.org/ns/credentials/v2","type":["VerifiableCredential","OpenBadgeCredential"],"proof":7}',
      },
      { input_type: 'jws', jws: 'eyJhbGciOiJub25lIn0.eyJ2YyI6e319.' },
      { input_type: 'jws', jws: 'a.b.c' },
    ]) {
      const r = await route(body);
      expect(r.http, JSON.stringify(body)).toBeLessThan(500);
      expect(r.json['badge_pass'] ?? false).toBe(false);
    }
  });
});

/** An EdDSA VC-JWT signed with a fresh key named by its did:key in `kid`. */
async function vcJwt(claims: (did: string) => Obj) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const x = base64url.decode((await exportJWK(publicKey)).x as string);
  const did = `did:key:z${base58(Uint8Array.of(0xed, 0x01, ...x))}`;
  const kid = `${did}#${did.slice(8)}`;
  const jwt = await new SignJWT(claims(did)).setProtectedHeader({ alg: 'EdDSA', kid }).sign(privateKey);
  return { did, jwt };
}

describe('VC-JWT', () => {
  it('an EdDSA VC-JWT with a did:key kid verifies, as pasted and as a baked SVG', async () => {
    let vc: Obj = {};
    const { jwt } = await vcJwt((did) => {
      vc = credential(did);
      return { vc, iss: did, jti: vc['id'] as string, nbf: Date.parse('2026-01-01T00:00:00Z') / 1000 };
    });
    const out: VerifiedDocs = {};
    const r = await run({ kind: 'jws', text: jwt }, [ADA], out);
    expect(r.verify_errors_code).toEqual([]);
    expect(r.badge_pass).toBe(true);
    expect(r.verify_warnings_code).toEqual(['W003']);
    expect(out.ob3).toEqual({ credential: vc, jwt });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0"><openbadges:credential verify="${jwt}"/></svg>`;
    const baked = await route({ input_type: 'image', image: btoa(svg) });
    expect(baked.json).toMatchObject({ badge_pass: true });
  });

  it('a VC-JWT served at a URL (text/plain) is fetched and verified; out.url is where it was', async () => {
    let vc: Obj = {};
    const { jwt } = await vcJwt((did) => {
      vc = credential(did);
      return { vc, iss: did };
    });
    const path = `/store/${unique('ob3-jwt')}`;
    const res = await fetch(`${SERVER}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: jwt,
    });
    expect(res.status).toBe(204);
    const out: VerifiedDocs = {};
    const r = await run({ kind: 'url', url: `${SERVER}${path}` }, [ADA], out);
    expect(r.verify_errors_code).toEqual([]);
    expect(r.badge_pass).toBe(true);
    expect(out.url).toBe(`${SERVER}${path}`);
    expect(out.ob3).toEqual({ credential: vc, jwt });
  });

  it('a vc claim that disagrees with the registered claims: E978', async () => {
    const { jwt } = await vcJwt((did) => ({ vc: credential(did), iss: 'https://someone-else.example' }));
    const r = await route({ input_type: 'jws', jws: jwt });
    expect(r.json).toMatchObject({ badge_pass: false, verify_errors_code: ['E978'] });
  });

  it('JWS-03: a header key the issuer profile does not list is not used (E179); RSA under 2048 bits: E168', async () => {
    const listed = await generateKeyPair('ES256');
    const attacker = await generateKeyPair('ES256');
    const issuer = 'https://issuer.example/profile';
    const vc = credential(issuer);
    (vc['issuer'] as Obj)['publicKey'] = [
      { id: `${issuer}#k`, type: 'JsonWebKey', publicKeyJwk: await exportJWK(listed.publicKey) },
    ];
    const claims = { vc, iss: issuer, jti: vc['id'] as string };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', jwk: await exportJWK(attacker.publicKey) })
      .sign(attacker.privateKey);
    // (`publicKey` is no OB 3.0 Profile term: the data model also says E980; the key is what is tested.)
    // The listed key is the one used, and the attacker's signature does not match it (E179).
    expect((await run({ kind: 'jws', text: forged })).verify_errors_code).toContain('E179');
    const genuine = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(listed.privateKey);
    expect((await run({ kind: 'jws', text: genuine })).verify_errors_code).not.toContain('E179');
    expect((await run({ kind: 'jws', text: genuine })).verify_errors_code).not.toContain('E168');
    const weak = await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    );
    const jwk = (await crypto.subtle.exportKey('jwk', (weak as CryptoKeyPair).publicKey)) as Obj;
    const head = base64url.encode(JSON.stringify({ alg: 'RS256', jwk: { kty: 'RSA', n: jwk['n'], e: jwk['e'] } }));
    delete (vc['issuer'] as Obj)['publicKey'];
    const short = `${head}.${base64url.encode(JSON.stringify({ ...claims, vc }))}`;
    const shortSig = await crypto.subtle.sign(
      'RSASSA-PKCS1-v1_5',
      (weak as CryptoKeyPair).privateKey,
      new TextEncoder().encode(short),
    );
    expect(base64url.decode(jwk['n'] as string)).toHaveLength(128); // 1024 bits
    const r = await run({ kind: 'jws', text: `${short}.${base64url.encode(new Uint8Array(shortSig))}` });
    expect(r.verify_errors_code).toEqual(['E168']);
  });

  it('alg none and HS256 are never read (JWS-01/02: E991)', async () => {
    const payload = base64url.encode(JSON.stringify({ vc: credential('did:key:z6Mkq') }));
    const none = `${base64url.encode('{"alg":"none"}')}.${payload}.`;
    const hs = await new SignJWT({ vc: credential('did:key:z6Mkq') })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a shared secret anybody could hold'));
    for (const jws of [none, hs]) {
      const r = await route({ input_type: 'jws', jws });
      expect(r.json['badge_pass']).toBe(false);
    }
    expect((await route({ input_type: 'jws', jws: hs })).json).toMatchObject({ verify_errors_code: ['E991'] });
  });
});

describe('endorsements (verified one level deep, reported apart from the four items)', () => {
  it('a valid endorsement is listed valid; a changed one invalid; the badge itself still passes', async () => {
    const endorser = await didKeyPair();
    const endorsement = await signOb3Credential(
      {
        '@context': [
          'https://www.w3.org/ns/credentials/v2',
          'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
        ],
        id: `urn:uuid:${crypto.randomUUID()}`,
        type: ['VerifiableCredential', 'EndorsementCredential'],
        issuer: { id: endorser.did, type: ['Profile'], name: 'Endorsing body' },
        validFrom: '2026-01-01T00:00:00Z',
        name: 'Endorsement of the pastry school',
        credentialSubject: {
          id: 'https://issuer.example/achievements/1',
          type: ['EndorsementSubject'],
          endorsementComment: 'Good pastry.',
        },
      },
      endorser.signer(),
    );
    const changed = { ...endorsement, name: 'Forged endorsement' };
    const key = await didKeyPair();
    const signed = await signOb3Credential(credential(key.did, { endorsement: [endorsement, changed] }), key.signer());
    const r = await run(asJson(signed));
    expect(r.checks.filter((c) => c.outcome === 'fail')).toEqual([]);
    expect(r.badge_pass).toBe(true);
    // Its endorser is a did:key that signed itself: valid, its name its own claim (issue 33).
    expect(r.endorsements).toEqual([
      { id: endorsement['id'], name: 'Endorsing body', state: 'valid', claimed: true },
      { id: endorsement['id'], name: 'Endorsing body', state: 'invalid' },
    ]);
    const viaRoute = await route({ input_type: 'json', json: JSON.stringify(signed) });
    expect(viaRoute.json).toMatchObject({ badge_pass: true, endorsements: r.endorsements });
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () => matchReports('ob3-verify'));
