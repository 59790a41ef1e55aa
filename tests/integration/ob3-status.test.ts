import { base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { base64urlBytes, bitAt, gunzip } from '../../src/server/ob3/status/bits';
import { checkOb3Status, statusEntries, statusListUrl } from '../../src/server/ob3/status/index';
import { STATUS_LIST_CLOCK_SKEW_MS } from '../../src/server/ob3/status/bitstring';

/** GZIP through workerd's own CompressionStream, as an issuer's list would be written. */
async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A list of `size` bits with the given ones set (bit 0 = high bit of byte 0). */
async function encoded(size: number, set: number[], multibase: boolean): Promise<string> {
  const bytes = new Uint8Array(size / 8);
  for (const i of set) bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (0x80 >> (i % 8));
  return (multibase ? 'u' : '') + base64url.encode(await gzip(bytes));
}

const LIST_URL = 'https://issuer.example/status/1';

function bslCredential(encodedList: string, purpose: unknown = 'revocation', extra: object = {}) {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: LIST_URL,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: 'did:example:issuer',
    validFrom: '2024-01-01T00:00:00Z',
    credentialSubject: { id: `${LIST_URL}#list`, type: 'BitstringStatusList', statusPurpose: purpose, encodedList },
    ...extra,
  };
}
const bslEntry = (index: unknown, purpose = 'revocation', extra: object = {}) => ({
  id: `${LIST_URL}#${String(index)}`,
  type: 'BitstringStatusListEntry',
  statusPurpose: purpose,
  statusListIndex: index,
  statusListCredential: LIST_URL,
  ...extra,
});
const credential = { id: 'urn:uuid:5f0b0c1e-5f55-4f2b-8f43-9d3f6f1a0b11' };

describe('OB 3.0 status: bits', () => {
  it('reads bit 0 as the high bit of byte 0 and nothing past the end', () => {
    const bytes = new Uint8Array([0b1000_0001, 0b0100_0000]);
    expect([0, 1, 6, 7, 8, 9, 15].map((i) => bitAt(bytes, i))).toEqual([1, 0, 0, 1, 0, 1, 0]);
    expect(bitAt(bytes, 16)).toBeUndefined();
  });
  it('refuses text that is not base64url', () => {
    expect(base64urlBytes('ab+c')).toBeUndefined();
    expect(base64urlBytes('a')).toBeUndefined();
    expect(base64urlBytes('AQID')).toEqual(new Uint8Array([1, 2, 3]));
  });
  it('gives up on a list that inflates past the cap (zip bomb) and on a broken stream', async () => {
    const big = await gzip(new Uint8Array(64 * 1024));
    expect(await gunzip(big, 1024)).toEqual({ ok: false, reason: 'the list inflates past 1024 bytes' });
    const broken = big.slice(0, 30);
    expect((await gunzip(broken)).ok).toBe(false);
  });
});

describe('OB 3.0 status: BitstringStatusList', () => {
  it('says revoked for a set bit and active for a clear one (131,072 entries)', async () => {
    const list = bslCredential(await encoded(131_072, [7, 94_567, 131_071], true));
    expect(await checkOb3Status(credential, bslEntry('94567'), list)).toEqual({ state: 'revoked' });
    expect(await checkOb3Status(credential, bslEntry('131071'), list)).toEqual({ state: 'revoked' });
    expect(await checkOb3Status(credential, bslEntry(7), list)).toEqual({ state: 'revoked' });
    expect(await checkOb3Status(credential, bslEntry('8'), list)).toEqual({ state: 'active' });
    expect(await checkOb3Status(credential, bslEntry('0'), list)).toEqual({ state: 'active' });
  });
  it('says suspended for a set bit in a suspension list', async () => {
    const list = bslCredential(await encoded(1024, [3], true), ['revocation', 'suspension']);
    expect(await checkOb3Status(credential, bslEntry('3', 'suspension'), list)).toEqual({ state: 'suspended' });
    expect(await checkOb3Status(credential, bslEntry('4', 'suspension'), list)).toEqual({ state: 'active' });
  });
  it("reads 1EdTech's validator test list: index 23 is revoked", async () => {
    // inspector-vc/src/test/resources/ob30/bit-string-list/testlist of 1EdTech/digital-credentials-public-validator.
    const list = bslCredential('uH4sIAAAAAAAA_-3BMQEAAAzDoMy_6cnoA9QFAAAAAAAAAAAAAAAAAAAAbD3uPa2cAEAAAA');
    expect(await checkOb3Status(credential, bslEntry(23), list)).toEqual({ state: 'revoked' });
    expect(await checkOb3Status(credential, bslEntry(22), list)).toEqual({ state: 'active' });
  });
  it('refuses an index past the end of a short list, never "not revoked"', async () => {
    const list = bslCredential(await encoded(16, [], true));
    const r = await checkOb3Status(credential, bslEntry('16'), list);
    expect(r).toEqual({ state: 'error', code: 'E176', reason: "index 16 is past the list's 16 entries" });
    expect(await checkOb3Status(credential, bslEntry('15'), list)).toEqual({ state: 'active' });
  });
  it('refuses garbage encodings', async () => {
    const good = await encoded(1024, [], true);
    for (const bad of [
      good.slice(1), // no multibase prefix
      'z' + good.slice(1), // another multibase base
      'u!!!!', // not base64url
      'u' + base64url.encode(new TextEncoder().encode('not gzip at all, just text')),
      good.slice(0, 20), // a cut GZIP stream
      '',
      42,
    ]) {
      const r = await checkOb3Status(credential, bslEntry('1'), bslCredential(bad as string));
      expect(r, String(bad)).toMatchObject({ state: 'error', code: 'E176' });
    }
  });
  it('refuses bad indexes, purposes, sizes, list types and an expired list', async () => {
    const list = bslCredential(await encoded(1024, [], true));
    const cases: [object, unknown][] = [
      [bslEntry('-1'), list],
      [bslEntry('1.5'), list],
      [bslEntry('01'), list],
      [bslEntry(undefined), list],
      [bslEntry('1', 'revocation', { statusSize: 2 }), list],
      [bslEntry('1', 'suspension'), list], // the list is for revocation only
      [bslEntry('1'), { ...list, type: ['VerifiableCredential', 'StatusList2021Credential'] }],
      [bslEntry('1'), { ...list, credentialSubject: { ...list.credentialSubject, type: 'StatusList2021' } }],
      [bslEntry('1'), { ...list, validUntil: '2025-01-01T00:00:00Z' }],
      [bslEntry('1'), null],
      [bslEntry('1'), 'a string'],
    ];
    for (const [entry, l] of cases) {
      expect(await checkOb3Status(credential, entry, l), JSON.stringify(entry)).toMatchObject({
        state: 'error',
        code: 'E176',
      });
    }
    const message = await checkOb3Status(credential, bslEntry('1', 'message'), list);
    expect(message).toMatchObject({ state: 'error', code: 'E999' });
  });

  it('accepts a list signed moments ahead of the verifier\u2019s clock, refuses one from further ahead', async () => {
    const list = bslCredential(await encoded(1024, [], true));
    const now = new Date('2026-11-28T12:00:00.990Z');
    const at = (ms: number) => ({ ...list, validFrom: new Date(now.getTime() + ms).toISOString() });
    // Signed in the next second (Lanyard's own list, signed lazily while this very check ran).
    expect(await checkOb3Status(credential, bslEntry('1'), at(10), now)).toMatchObject({ state: 'active' });
    expect(await checkOb3Status(credential, bslEntry('1'), at(STATUS_LIST_CLOCK_SKEW_MS), now)).toMatchObject({
      state: 'active',
    });
    expect(await checkOb3Status(credential, bslEntry('1'), at(STATUS_LIST_CLOCK_SKEW_MS + 1_000), now)).toMatchObject({
      state: 'error',
      code: 'E176',
    });
  });
});

describe('OB 3.0 status: StatusList2021', () => {
  const sl = (encodedList: string) => ({
    id: LIST_URL,
    type: ['VerifiableCredential', 'StatusList2021Credential'],
    credentialSubject: { type: 'StatusList2021', statusPurpose: 'revocation', encodedList },
  });
  const entry = (index: string) => ({
    type: 'StatusList2021Entry',
    statusPurpose: 'revocation',
    statusListIndex: index,
    statusListCredential: LIST_URL,
  });
  it('reads plain base64url (no multibase prefix)', async () => {
    const list = sl(await encoded(131_072, [42], false));
    expect(await checkOb3Status(credential, entry('42'), list)).toEqual({ state: 'revoked' });
    expect(await checkOb3Status(credential, entry('43'), list)).toEqual({ state: 'active' });
    expect(await checkOb3Status(credential, entry('131072'), list)).toMatchObject({ state: 'error', code: 'E176' });
  });
  it('refuses a multibase list and a BitstringStatusList in its place', async () => {
    expect(await checkOb3Status(credential, entry('1'), sl(await encoded(64, [], true)))).toMatchObject({
      state: 'error',
    });
    const bsl = bslCredential(await encoded(64, [], false));
    expect(await checkOb3Status(credential, entry('1'), bsl)).toMatchObject({ state: 'error', code: 'E176' });
  });
});

describe('OB 3.0 status: 1EdTech revocation list', () => {
  const entry = { id: 'https://issuer.example/revocations', type: '1EdTechRevocationList' };
  const list = (revokedCredentials: unknown) => ({
    id: entry.id,
    issuer: 'https://issuer.example',
    revokedCredentials,
  });
  it('says revoked when the list names the credential (revoked true or left out)', async () => {
    expect(await checkOb3Status(credential, entry, list([{ id: credential.id }]))).toEqual({ state: 'revoked' });
    const flagged = list([{ id: 'urn:uuid:other' }, { id: credential.id, revoked: true, revocationReason: 'x' }]);
    expect(await checkOb3Status(credential, entry, flagged)).toEqual({ state: 'revoked' });
  });
  it('says active when it is not named, or named with revoked false', async () => {
    expect(await checkOb3Status(credential, entry, list([{ id: 'urn:uuid:other' }]))).toEqual({ state: 'active' });
    expect(await checkOb3Status(credential, entry, list([{ id: credential.id, revoked: false }]))).toEqual({
      state: 'active',
    });
    expect(await checkOb3Status(credential, entry, list([]))).toEqual({ state: 'active' });
  });
  it('refuses a list of another shape and a credential without an id', async () => {
    for (const bad of [
      list(undefined),
      list({}),
      list([{ revoked: true }]),
      list([{ id: credential.id, revoked: 'yes' }]),
      null,
    ]) {
      expect(await checkOb3Status(credential, entry, bad)).toMatchObject({ state: 'error', code: 'E176' });
    }
    expect(await checkOb3Status({}, entry, list([]))).toMatchObject({ state: 'error', code: 'E176' });
  });
});

describe('OB 3.0 status: entries', () => {
  it('lists entries, finds list URLs and refuses unknown methods', async () => {
    expect(statusEntries({ credentialStatus: { type: 'x' } })).toEqual([{ type: 'x' }]);
    expect(statusEntries({})).toEqual([]);
    expect(statusListUrl(bslEntry('1'))).toBe(LIST_URL);
    expect(statusListUrl({ id: 'https://a.example/l', type: '1EdTechRevocationList' })).toBe('https://a.example/l');
    expect(statusListUrl({ type: 'BitstringStatusListEntry' })).toBeUndefined();
    const other = await checkOb3Status(credential, { type: 'RevocationList2020Status' }, {});
    expect(other).toMatchObject({ state: 'error', code: 'E999' });
    expect(await checkOb3Status(credential, 'nope', {})).toMatchObject({ state: 'error', code: 'E176' });
  });
});
