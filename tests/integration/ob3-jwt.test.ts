import { base64url, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { parseVcJwt } from '../../src/server/ob3/jwt/parse';
import { headerJwk, verifyVcJwt } from '../../src/server/ob3/jwt/verify';

const ISSUER = 'https://issuer.example/issuers/1';
const SUBJECT = 'did:example:learner';
const ID = 'urn:uuid:91537dba-56cb-11ec-bf63-0242ac130002';
const FROM = '2024-01-01T00:00:00Z';
const UNTIL = '2099-01-01T00:00:00Z';
const sec = (iso: string) => Date.parse(iso) / 1000;

/** A VC 1.1-era OB 3.0 credential, as the `vc` claim carries it. */
const vc = (over: object = {}) => ({
  '@context': ['https://www.w3.org/2018/credentials/v1', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
  id: ID,
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  issuer: { id: ISSUER, type: 'Profile', name: 'Issuer' },
  issuanceDate: FROM,
  expirationDate: UNTIL,
  credentialSubject: { id: SUBJECT, type: 'AchievementSubject', achievement: { id: 'https://a.example/1' } },
  ...over,
});
const claims = (over: JWTPayload = {}, credential: object = vc()): JWTPayload => ({
  iss: ISSUER,
  sub: SUBJECT,
  jti: ID,
  nbf: sec(FROM),
  exp: sec(UNTIL),
  vc: credential,
  ...over,
});

const ALGS = ['RS256', 'ES256', 'EdDSA'] as const;
type Alg = (typeof ALGS)[number];
const keys = new Map<Alg, { privateKey: CryptoKey; jwk: JWK }>();
async function keyOf(alg: Alg) {
  let k = keys.get(alg);
  if (!k) {
    const pair = await generateKeyPair(alg, { extractable: true });
    k = { privateKey: pair.privateKey, jwk: await exportJWK(pair.publicKey) };
    keys.set(alg, k);
  }
  return k;
}
async function sign(alg: Alg, payload: JWTPayload, header: object = {}) {
  const { privateKey } = await keyOf(alg);
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT', ...header }).sign(privateKey);
}
const verifyWith = async (alg: Alg, jwt: string) => verifyVcJwt(jwt, { key: (await keyOf(alg)).jwk });

describe('OB 3.0 VC-JWT: the allowed algorithms', () => {
  for (const alg of ALGS) {
    it(`${alg}: a valid JWT verifies and gives its credential`, async () => {
      const r = await verifyWith(alg, await sign(alg, claims()));
      expect(r).toMatchObject({ ok: true, form: 'vc-claim', credential: { id: ID } });
    });
    it(`${alg}: a tampered payload, or another key, does not match its signature (E179)`, async () => {
      const [h, , s] = (await sign(alg, claims())).split('.');
      const forged = base64url.encode(JSON.stringify(claims({}, vc({ name: 'forged' }))));
      expect(await verifyWith(alg, `${h}.${forged}.${s}`)).toMatchObject({ ok: false, code: 'E179' });
      const other = await generateKeyPair(alg, { extractable: true });
      const r = await verifyVcJwt(await sign(alg, claims()), { key: await exportJWK(other.publicKey) });
      expect(r).toMatchObject({ ok: false, code: 'E179', credential: { id: ID } });
    });
  }
  it('a key of another type than the header algorithm is E168', async () => {
    const jwt = await sign('ES256', claims());
    expect(await verifyVcJwt(jwt, { key: (await keyOf('RS256')).jwk })).toMatchObject({ ok: false, code: 'E168' });
    const jwk = { ...(await keyOf('ES256')).jwk, alg: 'ES384' };
    expect(await verifyVcJwt(jwt, { key: jwk })).toMatchObject({ ok: false, code: 'E168' });
  });
});

describe('OB 3.0 VC-JWT: refused algorithms and shapes', () => {
  it('alg none is E991, even with a key given', async () => {
    const none = `${base64url.encode('{"alg":"none"}')}.${base64url.encode(JSON.stringify(claims()))}.`;
    expect(await verifyWith('RS256', none)).toMatchObject({ ok: false, code: 'E991' });
  });
  it('HS256 (a shared secret) is E991', async () => {
    const secret = new TextEncoder().encode('a shared secret that anybody holding it could sign with');
    const jwt = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await verifyVcJwt(jwt, { key: { kty: 'oct', k: base64url.encode(secret) } })).toMatchObject({
      ok: false,
      code: 'E991',
    });
  });
  it('ES384 and RS512 are outside the allow-list', async () => {
    for (const alg of ['ES384', 'RS512', 'PS256']) {
      const h = base64url.encode(JSON.stringify({ alg }));
      expect(parseVcJwt(`${h}.${base64url.encode(JSON.stringify(claims()))}.c2ln`)).toMatchObject({ code: 'E991' });
    }
  });
  it('text that is no compact JWS, or a payload with no credential, is E980', async () => {
    expect(parseVcJwt('not a jwt')).toMatchObject({ ok: false, code: 'E980' });
    expect(parseVcJwt('a.b.c.d')).toMatchObject({ ok: false, code: 'E980' });
    expect(parseVcJwt(`${base64url.encode('[1]')}.${base64url.encode('{}')}.c2ln`)).toMatchObject({ code: 'E980' });
    const plain = await sign('EdDSA', { iss: ISSUER, sub: SUBJECT });
    expect(await verifyWith('EdDSA', plain)).toMatchObject({ ok: false, code: 'E980' });
    const vcString = await sign('EdDSA', claims({ vc: 'a string' }));
    expect(await verifyWith('EdDSA', vcString)).toMatchObject({ ok: false, code: 'E980' });
  });
  it('a header key with its private part is E978', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwt = await sign('ES256', claims(), { jwk: await exportJWK(privateKey) });
    expect(parseVcJwt(jwt)).toMatchObject({ ok: false, code: 'E978' });
  });
  it('a private key given as the verification key is E168', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const r = await verifyVcJwt(await sign('ES256', claims()), { key: await exportJWK(privateKey) });
    expect(r).toMatchObject({ ok: false, code: 'E168' });
  });
});

describe('OB 3.0 VC-JWT: registered claims against the credential', () => {
  const cases: [string, JWTPayload, string][] = [
    ['iss', { iss: 'https://someone.else' }, "iss is not the credential's issuer"],
    ['sub', { sub: 'did:example:another' }, "sub is not the credential's subject id"],
    ['jti', { jti: 'urn:uuid:another' }, "jti is not the credential's id"],
    ['nbf', { nbf: sec(FROM) + 1 }, "nbf is not the credential's validFrom/issuanceDate"],
    ['exp', { exp: sec(UNTIL) - 3600 }, "exp is not the credential's validUntil/expirationDate"],
    ['iat', { nbf: undefined, iat: sec(FROM) - 86_400 }, "iat is not the credential's validFrom/issuanceDate"],
    ['exp as text', { exp: '2099' as unknown as number }, 'exp is not a NumericDate'],
  ];
  for (const [name, over, reason] of cases) {
    it(`${name} disagreeing is E978`, async () => {
      const r = await verifyWith('EdDSA', await sign('EdDSA', claims(over)));
      expect(r).toEqual({ ok: false, code: 'E978', reason, credential: vc() });
    });
  }
  it('an issuer given as a string, and claims the credential does not have, agree', async () => {
    const credential = vc({ issuer: ISSUER, expirationDate: undefined });
    const r = await verifyWith('ES256', await sign('ES256', claims({ exp: undefined, iat: 1 }, credential)));
    expect(r).toMatchObject({ ok: true });
  });
  it('a VC Data Model 2.0 payload is the credential; its validFrom / validUntil are matched', async () => {
    const v2 = { ...vc({ issuanceDate: undefined, expirationDate: undefined }), validFrom: FROM, validUntil: UNTIL };
    const body = JSON.parse(JSON.stringify(v2)) as JWTPayload;
    const ok = await verifyWith(
      'EdDSA',
      await sign('EdDSA', { ...body, iss: ISSUER, nbf: sec(FROM), exp: sec(UNTIL) }),
    );
    expect(ok).toMatchObject({ ok: true, form: 'vcdm2', credential: { validUntil: UNTIL } });
    const off = await verifyWith('EdDSA', await sign('EdDSA', { ...body, exp: sec(UNTIL) + 1 }));
    expect(off).toMatchObject({ ok: false, code: 'E978' });
  });
});

describe('OB 3.0 VC-JWT: time', () => {
  it('an expired JWT is E045 and one not valid yet is E043, with its credential', async () => {
    const past = '2020-01-01T00:00:00Z';
    const expired = claims({ exp: sec(past) }, vc({ expirationDate: past }));
    expect(await verifyWith('RS256', await sign('RS256', expired))).toMatchObject({
      ok: false,
      code: 'E045',
      credential: { id: ID },
    });
    const later = '2090-01-01T00:00:00Z';
    const early = claims({ nbf: sec(later) }, vc({ issuanceDate: later }));
    expect(await verifyWith('RS256', await sign('RS256', early))).toMatchObject({ ok: false, code: 'E043' });
    const clock = { now: new Date('2095-01-01T00:00:00Z'), key: (await keyOf('RS256')).jwk };
    expect(await verifyVcJwt(await sign('RS256', early), clock)).toMatchObject({ ok: true });
  });
});

describe('OB 3.0 VC-JWT: keys from a resolver', () => {
  it('takes the key a resolver finds by kid, and the header jwk only through headerJwk', async () => {
    const { jwk } = await keyOf('ES256');
    const byKid = await sign('ES256', claims(), { kid: `${ISSUER}#key-1` });
    const seen: unknown[] = [];
    const resolveKey = async (h: { kid?: string }, c: Record<string, unknown>) => {
      seen.push(h.kid, (c['issuer'] as { id: string }).id);
      return h.kid === `${ISSUER}#key-1` ? jwk : undefined;
    };
    expect(await verifyVcJwt(byKid, { resolveKey })).toMatchObject({ ok: true });
    expect(seen).toEqual([`${ISSUER}#key-1`, ISSUER]);
    const withJwk = await sign('ES256', claims(), { jwk });
    expect(await verifyVcJwt(withJwk, {})).toMatchObject({ ok: false, code: 'E177' });
    expect(await verifyVcJwt(withJwk, { resolveKey: headerJwk })).toMatchObject({ ok: true });
  });
  it('no key found, or a resolver that throws, is E177, never a throw', async () => {
    const jwt = await sign('EdDSA', claims());
    expect(await verifyVcJwt(jwt, { resolveKey: async () => undefined })).toMatchObject({ ok: false, code: 'E177' });
    const throwing = async () => {
      throw new Error('did:web unreachable');
    };
    expect(await verifyVcJwt(jwt, { resolveKey: throwing })).toMatchObject({ ok: false, code: 'E177' });
  });
});
