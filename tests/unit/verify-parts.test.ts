import { createHash, createSign, generateKeyPairSync } from 'node:crypto';
import { CompactSign, importPKCS8 } from 'jose';
import { describe, expect, it } from 'vitest';
import { assertionOriginAllowed } from '../../src/server/openbadges/verify/steps/checkHostedOrigin';
import { keyOwnerProblem } from '../../src/server/openbadges/verify/steps/checkKeyOwner';
import { matchRecipient } from '../../src/server/verdict/recipient';
import { verifyRs256 } from '../../src/server/openbadges/verify/steps/checkSignature';
import { checkDates } from '../../src/server/verdict/dates';
import type { BadJws } from '../../src/server/openbadges/verify/jws-parse';
import { jwsReadable, parseJws, readCompact } from '../../src/server/openbadges/verify/jws-parse';
import { claimsOf, formatOfJws } from '../../src/server/verify/detect';
import type { BadJson } from '../../src/server/verdict/safe-json';
import { parseBadgeJson } from '../../src/server/verdict/safe-json';

const b64u = (s: string) => Buffer.from(s).toString('base64url');
const reasonOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return (err as BadJws | BadJson).reason;
  }
};

describe('badge JSON (DATA-01, DATA-02)', () => {
  it('refuses deep nesting without recursion, oversize text and non-objects', () => {
    expect(reasonOf(() => parseBadgeJson('['.repeat(100_000) + ']'.repeat(100_000)))).toBe('too-deep');
    expect(reasonOf(() => parseBadgeJson(`{"a":"${'x'.repeat(300 * 1024)}"}`))).toBe('too-large');
    expect(reasonOf(() => parseBadgeJson('[1,2]'))).toBe('not-object');
    expect(reasonOf(() => parseBadgeJson('{oops'))).toBe('syntax');
  });

  it('keeps __proto__ an ordinary key and leaves Object.prototype alone', () => {
    const doc = parseBadgeJson('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}');
    expect(Object.hasOwn(doc, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });
});

describe('compact JWS structure (JWS-01, 02, 03, 06)', () => {
  const payload = b64u(JSON.stringify({ id: 'urn:uuid:1' }));
  it('refuses alg none, HS256, key-pointing headers, wrong segment counts and non-canonical base64url', () => {
    expect(reasonOf(() => parseJws(`${b64u('{"alg":"none"}')}.${payload}.`))).toBe('shape');
    expect(reasonOf(() => parseJws(`${b64u('{"alg":"none"}')}.${payload}.AAAA`))).toBe('algorithm');
    expect(reasonOf(() => parseJws(`${b64u('{"alg":"HS256"}')}.${payload}.AAAA`))).toBe('algorithm');
    expect(reasonOf(() => parseJws(`${b64u('{"alg":"RS256","jku":"https://x/k"}')}.${payload}.AAAA`))).toBe('header');
    expect(reasonOf(() => parseJws(`${b64u('{"alg":"RS256"}')}.${payload}.AAAA.BBBB`))).toBe('shape');
    expect(reasonOf(() => parseJws(`${b64u('{"alg":"RS256"}')}.${payload}=.AAAA`))).toBe('encoding');
    expect(reasonOf(() => parseJws(`${b64u('{"alg":"RS256"}')}.${payload.replace(/-|_/g, '+')}+.AAAA`))).toBe(
      'encoding',
    );
  });

  it('reads a real RS256 JWS and keeps the exact signing input', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
    const jws = await new CompactSign(new TextEncoder().encode('{"id":"urn:uuid:2"}'))
      .setProtectedHeader({ alg: 'RS256' })
      .sign(key);
    const parsed = parseJws(jws);
    expect(parsed.payload).toEqual({ id: 'urn:uuid:2' });
    expect(new TextDecoder().decode(parsed.signingInput)).toBe(jws.split('.').slice(0, 2).join('.'));
    expect(parsed.signature.length).toBe(256);
  });
});

describe('recipient (HV-06)', () => {
  const salt = 'deadsea';
  const hashed = (email: string) =>
    `sha256$${createHash('sha256')
      .update(email + salt)
      .digest('hex')}`;
  it('matches plain and salted SHA-256 identities against verified addresses only', async () => {
    const verified = ['hanako@example.test'];
    expect(await matchRecipient({ type: 'email', identity: 'Hanako@Example.test', hashed: false }, verified)).toEqual({
      ok: true,
      email: 'hanako@example.test',
    });
    expect(
      await matchRecipient({ type: 'email', identity: hashed('hanako@example.test'), hashed: true, salt }, verified),
    ).toMatchObject({ ok: true });
    expect(
      await matchRecipient({ type: 'email', identity: hashed('victim@example.test'), hashed: true, salt }, verified),
    ).toEqual({ ok: false, code: 'E025' });
  });

  it('refuses missing identities, other identity types and malformed hashes', async () => {
    expect(await matchRecipient(undefined, [])).toEqual({ ok: false, code: 'E022' });
    expect(await matchRecipient({ type: 'url', identity: 'https://me.example' }, [])).toEqual({
      ok: false,
      code: 'W002',
    });
    expect(await matchRecipient({ type: 'email', identity: 'a@b.c' }, [])).toEqual({ ok: false, code: 'W001' });
    expect(await matchRecipient({ type: 'email', identity: 'nohash', hashed: true }, ['a@b.c'])).toEqual({
      ok: false,
      code: 'E023',
    });
    expect(await matchRecipient({ type: 'email', identity: 'sha1$abc', hashed: true }, ['a@b.c'])).toEqual({
      ok: false,
      code: 'E024',
    });
  });
});

describe('dates (E042-E046)', () => {
  const now = Date.parse('2026-11-22T00:00:00Z');
  it('accepts ISO 8601 and reports each date problem', () => {
    expect(checkDates('2025-01-01T00:00:00Z', '2027-01-01', now).codes).toEqual([]);
    expect(checkDates('January 1 2025', undefined, now).codes).toEqual(['E042']);
    expect(checkDates('2030-01-01T00:00:00Z', undefined, now).codes).toEqual(['E043']);
    expect(checkDates('2025-01-01', 'soon', now).codes).toEqual(['E044']);
    expect(checkDates('2016-12-31T23:59:59Z', '2017-06-30T23:59:59Z', now).codes).toEqual(['E045']);
    expect(checkDates('2025-01-01', '2024-01-01', now).codes).toEqual(['E046']);
  });
});

describe('hosted origin rule (HV-01, HV-02)', () => {
  it('needs the issuer origin by default, exact hosts for allowedOrigins, normalised prefixes for startsWith', () => {
    expect(assertionOriginAllowed('https://university.edu/a/1', 'https://university.edu/issuer')).toBe(true);
    expect(assertionOriginAllowed('https://attacker.tld/a.json', 'https://university.edu/issuer')).toBe(false);
    const allowed = { allowedOrigins: 'badges.example' };
    expect(assertionOriginAllowed('https://badges.example/a', 'https://other.example/i', allowed)).toBe(true);
    expect(assertionOriginAllowed('https://evil.example/a', 'https://other.example/i', allowed)).toBe(false);
    expect(assertionOriginAllowed('https://badges.example.evil.tld/a', 'https://other.example/i', allowed)).toBe(false);
    const prefix = { startsWith: 'https://ex.org/u/1/' };
    expect(assertionOriginAllowed('https://ex.org/u/1/a.json', 'https://ex.org/i', prefix)).toBe(true);
    expect(assertionOriginAllowed('https://ex.org/u/10/a.json', 'https://ex.org/i', prefix)).toBe(false);
  });
});

describe('signature against the issuer key (JWS-04, JWS-06)', () => {
  // Signed with node's crypto directly: jose (rightly) refuses to sign with a 1024-bit key.
  const sign = async (bits: number, claims: object) => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
    const input = `${b64u('{"alg":"RS256"}')}.${b64u(JSON.stringify(claims))}`;
    const signature = createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
    return { jws: `${input}.${signature}`, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  };
  const issuer = { id: 'https://issuer.example/i', publicKey: 'https://issuer.example/key' };

  it('verifies a good signature with a listed key owned by the issuer', async () => {
    const { jws, pem } = await sign(2048, { id: 'urn:uuid:3' });
    const key = { id: 'https://issuer.example/key', owner: issuer.id, publicKeyPem: pem };
    expect(keyOwnerProblem(key, issuer)).toBeNull();
    expect(await verifyRs256(parseJws(jws), pem)).toBeNull();
    // Tampered payload: same header and signature, other claims.
    const [h, , s] = jws.split('.');
    const forged = `${h}.${b64u('{"id":"urn:uuid:evil"}')}.${s}`;
    expect(await verifyRs256(parseJws(forged), pem)).toBe('signature');
  });

  it('refuses unlisted keys, foreign owners and short RSA keys', async () => {
    const { pem } = await sign(2048, { id: 'urn:uuid:4' });
    expect(keyOwnerProblem({ id: 'https://attacker.tld/key', owner: issuer.id, publicKeyPem: pem }, issuer)).toBe(
      'key-not-listed',
    );
    expect(keyOwnerProblem({ id: 'https://issuer.example/key', owner: 'https://x/i', publicKeyPem: pem }, issuer)).toBe(
      'key-owner',
    );
    const short = await sign(1024, { id: 'urn:uuid:5' });
    expect(await verifyRs256(parseJws(short.jws), short.pem)).toBe('key');
    expect(await verifyRs256(parseJws(short.jws), 'not a key')).toBe('key');
  });
});

describe('a compact JWS is decoded once (issue 36: a PDF attachment is read for four things)', () => {
  it('the structure check and the signature read share one decode; detection takes claims already read', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
    const jws = await new CompactSign(new TextEncoder().encode('{"id":"urn:uuid:3"}'))
      .setProtectedHeader({ alg: 'RS256' })
      .sign(key);
    const read = readCompact(jws);
    expect(read?.payload).toEqual({ id: 'urn:uuid:3' });
    expect(jwsReadable(jws)).toBe(true);
    // Detection reads claims given with the input (a PDF's attachment) instead of decoding again.
    expect(formatOfJws('a.b.c', { '@context': 'https://w3id.org/openbadges/v2' })).toBe('ob2');
    expect(claimsOf(jws)).toEqual(read?.payload);
    expect(parseJws(` ${jws}\n`).payload).toBe(read?.payload);
    // Anything else is read on its own, and what is not a JWS reads as nothing.
    expect(readCompact(`${jws.slice(0, -2)}x`)).toBeNull();
  });
});
