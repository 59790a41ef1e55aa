import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { encode as base58 } from 'base58-universal';
import { exports } from 'cloudflare:workers';
import { base64url, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { expect, inject } from 'vitest';
import { signOb3Credential } from '../../src/server/ob3/proof/sign';
import { BASE, SAME_ORIGIN } from './helpers';

/**
 * Issue 21, holding OB 3.0: credentials signed here with fresh Ed25519 did:key keys (nothing to
 * fetch for the key), status lists and hosted credentials on the stand-in issuer (127.0.0.1).
 */
export type Obj = Record<string, unknown>;
export const SERVER = `http://127.0.0.1:${inject('issuerPort')}`;

export async function didKey() {
  const fresh = await Ed25519Multikey.generate();
  const did = `did:key:${fresh.publicKeyMultibase}`;
  const id = `${did}#${fresh.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({ ...(await fresh.export({ secretKey: true })), id, controller: did });
  return { did, sign: (c: Obj) => signOb3Credential(c, pair.signer()) };
}

/** An OpenBadgeCredential to `email` with what 3.0 adds: type, results, alignment, evidence, endorsement. */
export function ob3Credential(issuer: string, email: string, over: Obj = {}): Obj {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuer, type: ['Profile'], name: 'Harbour Guild', url: 'https://guild.example' },
    validFrom: '2026-03-04T05:06:07Z',
    name: 'Knot tying',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: email, identityType: 'emailAddress', hashed: false }],
      achievement: {
        id: 'https://guild.example/achievements/knots',
        type: ['Achievement'],
        name: 'Knot tying',
        description: 'Ties six sailing knots.',
        criteria: { narrative: 'Tie them blindfolded.' },
        achievementType: 'Certificate',
        tag: ['rigging', 'seamanship'],
        alignment: [
          {
            type: ['Alignment'],
            targetName: 'Rope work',
            targetUrl: 'https://framework.example/rope',
            targetFramework: 'Sea Skills',
            targetCode: 'R-1',
          },
          { type: ['Alignment'], targetName: 'Hostile link', targetUrl: 'javascript:alert(1)' },
        ],
        resultDescription: [
          {
            id: 'urn:uuid:6c1ff9a5-0e9b-4b9c-9a3a-0c2f6a1c2b01',
            type: ['ResultDescription'],
            name: 'Knots tied',
            resultType: 'ScaledScore',
            requiredValue: '6',
          },
        ],
      },
      result: [{ type: ['Result'], resultDescription: 'urn:uuid:6c1ff9a5-0e9b-4b9c-9a3a-0c2f6a1c2b01', value: '6' }],
    },
    evidence: [{ id: 'https://guild.example/evidence/1', type: ['Evidence'], name: 'Video of the knots' }],
    ...over,
  };
}

/** An EdDSA VC-JWT of the credential made for the did:key named in `kid`. */
export async function ob3Jwt(make: (did: string) => Obj) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const x = base64url.decode((await exportJWK(publicKey)).x as string);
  const did = `did:key:z${base58(Uint8Array.of(0xed, 0x01, ...x))}`;
  const vc = make(did);
  const jwt = await new SignJWT({
    vc,
    iss: did,
    jti: vc['id'] as string,
    nbf: Date.parse('2026-03-04T05:06:07Z') / 1000,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: `${did}#${did.slice(8)}` })
    .sign(privateKey);
  return { did, vc, jwt };
}

/** A signed BitstringStatusListCredential with the given bits set, stored at `path` on the stand-in. */
export async function putStatusList(path: string, key: Awaited<ReturnType<typeof didKey>>, set: number[]) {
  const bits = new Uint8Array(16 * 1024);
  for (const i of set) bits[i >> 3] = (bits[i >> 3] as number) | (0x80 >> (i & 7));
  const gz = new Uint8Array(
    await new Response(new Blob([bits]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer(),
  );
  const list = await key.sign({
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: `${SERVER}${path}`,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: key.did,
    validFrom: '2026-01-01T00:00:00Z',
    credentialSubject: {
      id: `${SERVER}${path}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: `u${base64url.encode(gz)}`,
    },
  });
  await put(path, list);
  return `${SERVER}${path}`;
}

export const statusEntry = (url: string, index: number) => ({
  credentialStatus: {
    id: `${url}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: String(index),
    statusListCredential: url,
  },
});

export async function put(path: string, doc: unknown) {
  const res = await fetch(`${SERVER}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  expect(res.status).toBe(204);
}

/** POSTs a wallet API call as the signed-in browser does. */
export async function walletCall(token: string, name: string, body: Obj, ip = '198.51.100.30') {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/${name}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}`, 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Obj & { status: number; errors?: { code: string }[] };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, json };
}
