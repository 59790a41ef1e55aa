import { env, exports } from 'cloudflare:workers';
import { PDFDocument } from '@pdfme/pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { bytesToBase64 } from '../../src/lib/base64';
import { bcUrls } from '../../src/server/blockcerts/urls';
import { verifyFromForm } from '../../src/server/verify/form';
import { verifyBadge as verifyBadgeNow } from '../../src/server/verify/verify';
import labBn from '../fixtures/blockcerts/lab-bn-html-credential.json';
import labTh from '../fixtures/blockcerts/lab-th-credential.json';
import { BASE, SAME_ORIGIN } from './helpers';
import { newIssuer } from './issuing-helpers';
import {
  ANVIL_0,
  ANVIL_1,
  anchor,
  hashedEmail,
  leaves,
  proofValue,
  put,
  rpc,
  tree,
  type Obj,
} from './blockcerts-helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

const anvilUrl = inject('anvilUrl');
const port = inject('issuerPort');
const store = `http://127.0.0.1:${port}/store/bc`;
// The Worker reads the chain through the guarded fetcher: anvil and the stand-in issuer are on
// 127.0.0.1, reachable through the test allow list only.
const testEnv = {
  ...env,
  OUTBOUND_TEST_ALLOW: `127.0.0.1:${port},${new URL(anvilUrl).host}`,
  CHAIN_RPC_URL: anvilUrl,
  CHAIN_NETWORK: 'sepolia',
};
const LEARNER = 'learner@example.test';
const ISSUER = `${store}/issuer.json`;
const REVOCATIONS = `${store}/revocations.json`;
const verifyBadge = async (...a: Parameters<typeof verifyBadgeNow>) => recordReport(await verifyBadgeNow(...a));
const verify = (doc: Obj, emails = [LEARNER]) => verifyBadge(testEnv, { kind: 'json', doc }, emails);

async function unsigned(n: number, over: Obj = {}): Promise<Obj> {
  const salt = `salt-${n}`;
  return {
    '@context': [
      'https://www.w3.org/2018/credentials/v1',
      'https://w3id.org/openbadges/v2',
      'https://w3id.org/blockcerts/v3',
    ],
    id: `urn:uuid:00000000-0000-4000-8000-00000000000${n}`,
    type: ['VerifiableCredential', 'BlockcertsCredential'],
    issuer: ISSUER,
    issuanceDate: '2026-01-02T03:04:05Z',
    name: `Astronomy ${n} 天文学 ดาราศาสตร์ জ্যোতির্বিদ্যা`,
    description: 'Looked at the sky.',
    credentialSubject: {
      name: 'Learner',
      recipient: { type: 'email', hashed: true, salt, identity: await hashedEmail(LEARNER, salt) },
      claim: { type: 'BadgeClass', id: `${store}/badge.json`, name: 'Astronomy', criteria: 'Look up.' },
    },
    ...over,
  };
}

/** Signs credentials as one batch: leaves, tree, one anchor transaction, a proof each. */
async function issue(docs: Obj[], o: { anchorAs?: (root: string) => Promise<string>; network?: string } = {}) {
  const t = tree(await leaves(docs));
  const tx = o.anchorAs ? await o.anchorAs(t.root) : await anchor(anvilUrl, t.root);
  const targets = await leaves(docs);
  return docs.map((d, i) => ({
    ...d,
    proof: {
      type: 'MerkleProof2019',
      created: '2026-01-02T03:04:06Z',
      proofPurpose: 'assertionMethod',
      verificationMethod: `${ISSUER}#key-1`,
      proofValue: proofValue({
        path: t.paths[i] ?? [],
        merkleRoot: t.root,
        targetHash: targets[i] ?? '',
        anchors: [o.network === 'mocknet' ? `blink:mocknet:mocknet:${tx}` : `blink:eth:sepolia:${tx}`],
      }),
    },
  }));
}

const statuses = (r: Awaited<ReturnType<typeof verify>>) =>
  Object.fromEntries(Object.entries(r.items).map(([k, v]) => [k, v.status]));
const ALL_OK = { issued_by: 'success', issued_on: 'success', awarded_to: 'success', expires_on: 'success' };

let batch: Obj[];

beforeAll(async () => {
  await put(ISSUER, {
    '@context': ['https://w3id.org/openbadges/v2', 'https://w3id.org/blockcerts/v3'],
    type: 'Profile',
    id: ISSUER,
    name: 'Chain Academy',
    url: `http://127.0.0.1:${port}`,
    email: 'badges@chain.example',
    revocationList: REVOCATIONS,
    publicKey: [
      { id: `ecdsa-koblitz-pubkey:${ANVIL_0.toUpperCase().replace('0X', '0x')}`, created: '2020-01-01T00:00:00Z' },
    ],
  });
  await put(REVOCATIONS, {
    '@context': 'https://w3id.org/openbadges/v2',
    id: REVOCATIONS,
    type: 'RevocationList',
    issuer: ISSUER,
    revokedAssertions: [{ id: 'urn:uuid:00000000-0000-4000-8000-000000000004', revocationReason: 'Issued in error' }],
  });
  batch = await issue(await Promise.all([1, 2, 3, 4, 5].map((n) => unsigned(n))));
});

describe('Blockcerts v3 (MerkleProof2019) anchored on a real anvil', () => {
  it('a good credential passes all four items, with its issuer, dates and recipient', async () => {
    for (const cred of [batch[0], batch[2], batch[4]] as Obj[]) {
      const r = await verify(cred);
      expect(r.verify_errors_code).toEqual([]);
      expect(statuses(r)).toEqual(ALL_OK);
      expect(r.verify_state).toBe('valid');
      expect(r.items.issued_by.text).toBe('Chain Academy');
      expect(r.items.issued_on.text).toBe('2026-01-02T03:04:05.000Z');
      expect(r.items.awarded_to.text).toBe(LEARNER);
      expect(r.badge_information.badge_name).toBe(cred['name']);
      expect(r.checks.filter((c) => c.outcome === 'pass').map((c) => c.check)).toEqual(
        expect.arrayContaining([
          'checkBlockcertsHash',
          'checkMerklePath',
          'checkAnchorTransaction',
          'checkBlockcertsIssuerKey',
        ]),
      );
    }
  });

  it('the DataIntegrityProof form (cryptosuite merkle-proof-2019) verifies too', async () => {
    const cred = batch[1] as Obj;
    const r = await verify({
      ...cred,
      proof: { ...(cred['proof'] as Obj), type: 'DataIntegrityProof', cryptosuite: 'merkle-proof-2019' },
    });
    expect(statuses(r)).toEqual(ALL_OK);
  });

  it('found at a URL (as an AssertionBC is): verified by its proof; tampered there, E997', async () => {
    const at = `${store}/hosted-credential.json`;
    await put(at, batch[2]);
    const r = await verifyBadge(testEnv, { kind: 'url', url: at }, [LEARNER]);
    expect(statuses(r)).toEqual(ALL_OK);
    await put(`${at}-x`, { ...(batch[2] as Obj), description: 'Changed.' });
    const bad = await verifyBadge(testEnv, { kind: 'url', url: `${at}-x` }, [LEARNER]);
    expect(bad.verify_errors_code).toEqual(['E997']);
  });

  it('tampered: the hash does not match (E997)', async () => {
    const r = await verify({ ...(batch[0] as Obj), name: 'Astrology' });
    expect(r.verify_errors_code).toEqual(['E997']);
    expect(r.badge_pass).toBe(false);
    expect(r.verify_state).toBe('invalid');
  });

  it('wrong Merkle path: it does not reach the root (E996)', async () => {
    const cred = batch[0] as Obj;
    const t = tree(await leaves(batch.map((d) => ({ ...d, proof: undefined }))));
    const [target] = await leaves([cred]);
    const path = [{ right: (await leaves([batch[3] as Obj]))[0] as string }, ...(t.paths[0] ?? []).slice(1)];
    const bad = proofValue({
      path,
      merkleRoot: t.root,
      targetHash: target ?? '',
      anchors: [`blink:eth:sepolia:${'0x' + '1'.repeat(64)}`],
    });
    const r = await verify({ ...cred, proof: { ...(cred['proof'] as Obj), proofValue: bad } });
    expect(r.verify_errors_code).toContain('E996');
    expect(r.badge_pass).toBe(false);
  });

  it('a transaction that holds another root (E989)', async () => {
    const [cred] = await issue([await unsigned(6)], { anchorAs: () => anchor(anvilUrl, 'ab'.repeat(32)) });
    const r = await verify(cred as Obj);
    expect(r.verify_errors_code).toEqual(['E989']);
  });

  it('a transaction that does not exist (E995)', async () => {
    const [cred] = await issue([await unsigned(7)], { anchorAs: async () => `0x${'42'.repeat(32)}` });
    const r = await verify(cred as Obj);
    expect(r.verify_errors_code).toEqual(['E995']);
    expect(r.verify_state).toBe('invalid');
  });

  it('mocknet: not anchored, never valid (E994)', async () => {
    const [cred] = await issue([await unsigned(8)], {
      network: 'mocknet',
      anchorAs: async () => 'This has not been issued on a blockchain',
    });
    const r = await verify(cred as Obj);
    expect(r.verify_errors_code).toEqual(['E994']);
    expect(r.badge_pass).toBe(false);
  });

  it('revoked by the issuer: revoked, with the reason (E999)', async () => {
    const r = await verify(batch[3] as Obj);
    expect(r.verify_errors_code).toEqual(['E999']);
    expect(r.badge_information).toMatchObject({ revoked: true, revocation_reason: 'Issued in error' });
  });

  it('sent by a key the issuer does not list: issued_by fails (E168)', async () => {
    const [cred] = await issue([await unsigned(9)], { anchorAs: (root) => anchor(anvilUrl, root, ANVIL_1) });
    const r = await verify(cred as Obj);
    expect(r.verify_errors_code).toEqual(['E168']);
    expect(statuses(r)).toEqual({ ...ALL_OK, issued_by: 'fail' });
    expect(r.items.issued_by.text).toBeNull();
  });

  it('a key the issuer revoked before the transaction, or created after it: E168', async () => {
    const profile = (key: Obj) => ({
      '@context': ['https://w3id.org/openbadges/v2', 'https://w3id.org/blockcerts/v3'],
      type: 'Profile',
      id: '',
      name: 'Rotated Academy',
      url: `http://127.0.0.1:${port}`,
      email: 'badges@rotated.example',
      publicKey: [{ id: `ecdsa-koblitz-pubkey:${ANVIL_0}`, ...key }],
    });
    const cases: [string, Obj][] = [
      ['revoked', { created: '2020-01-01T00:00:00Z', revoked: '2021-01-01T00:00:00Z' }],
      ['expired', { created: '2020-01-01T00:00:00Z', expires: '2021-01-01T00:00:00Z' }],
      ['future', { created: '2099-01-01T00:00:00Z' }],
    ];
    for (const [name, key] of cases) {
      const url = `${store}/rotated-${name}.json`;
      await put(url, { ...profile(key), id: url });
      const [cred] = await issue([await unsigned(5, { id: `urn:uuid:rotated-${name}`, issuer: url })]);
      expect((await verify(cred as Obj)).verify_errors_code).toEqual(['E168']);
    }
  });

  it('issued here: the issuer profile and revocation list Lanyard serves are read from D1', async () => {
    const { issuerId } = await newIssuer('Blockcerts Home University');
    const u = bcUrls(env.PUBLIC_BASE_URL);
    // The profile's key is `created` when the issuer was (to the second): anchor strictly later.
    await rpc(anvilUrl, 'evm_increaseTime', [5]);
    const [cred] = await issue([await unsigned(6, { id: 'urn:uuid:home-1', issuer: u.issuer(issuerId) })]);
    const key0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    const r = await verifyBadge({ ...testEnv, CHAIN_PRIVATE_KEY: key0 }, { kind: 'json', doc: cred as Obj }, [LEARNER]);
    expect(r.verify_errors_code).toEqual([]);
    expect(r.items.issued_by.text).toBe('Blockcerts Home University');
    // Without the anchoring key configured, the profile names no key: not this issuer's (E168).
    const without = await verifyBadge({ ...testEnv, CHAIN_PRIVATE_KEY: '' }, { kind: 'json', doc: cred as Obj }, [
      LEARNER,
    ]);
    expect(without.verify_errors_code).toEqual(['E168']);
  });

  it('someone else: awarded_to fails (E025)', async () => {
    const r = await verify(batch[0] as Obj, ['someone@example.test']);
    expect(r.verify_errors_code).toEqual(['E025']);
    expect(statuses(r)).toEqual({ ...ALL_OK, awarded_to: 'fail' });
  });

  it('expired (E045) and issued in the future (E043)', async () => {
    const [expired, future] = await issue([
      await unsigned(1, { id: 'urn:uuid:e1', expirationDate: '2026-01-03T00:00:00Z' }),
      await unsigned(2, { id: 'urn:uuid:e2', issuanceDate: '2099-01-01T00:00:00Z' }),
    ]);
    expect((await verify(expired as Obj)).verify_errors_code).toEqual(['E045']);
    expect((await verify(future as Obj)).verify_errors_code).toEqual(['E043']);
  });

  it('an unsupported hash or proof suite (E990)', async () => {
    const cred = batch[0] as Obj;
    const r = await verify({ ...cred, proof: { ...(cred['proof'] as Obj), type: 'Ed25519Signature2020' } });
    expect(r.verify_errors_code).toEqual(['E990']);
  });

  it('no node configured for the network: could not verify now, not invalid', async () => {
    const r = await verifyBadge({ ...testEnv, CHAIN_RPC_URL: '' }, { kind: 'json', doc: batch[0] as Obj }, [LEARNER]);
    expect(r.verify_state).toBe('unverifiable');
  });
});

/** A Blockcerts v2 credential (MerkleProof2017, chainpoint receipt, ETHData anchor), built here. */
async function v2(n: number): Promise<Obj> {
  const salt = `v2-salt-${n}`;
  return {
    '@context': ['https://w3id.org/openbadges/v2', 'https://w3id.org/blockcerts/v2'],
    type: 'Assertion',
    id: `urn:uuid:00000000-0000-4000-8000-0000000002${n}0`,
    recipient: { type: 'email', hashed: true, salt, identity: await hashedEmail(LEARNER, salt) },
    recipientProfile: { type: ['RecipientProfile', 'Extension'], name: 'Learner' },
    badge: {
      type: 'BadgeClass',
      id: `urn:uuid:00000000-0000-4000-8000-0000000002${n}1`,
      name: `Geology ${n}`,
      description: 'Looked at rocks.',
      image: 'data:image/png;base64,iVBORw0KGgo=',
      criteria: { narrative: 'Look down.' },
      issuer: {
        type: 'Profile',
        id: ISSUER,
        name: 'Chain Academy',
        url: `http://127.0.0.1:${port}`,
        email: 'badges@chain.example',
      },
    },
    issuedOn: '2026-01-02T03:04:05+00:00',
    verification: { type: ['MerkleProofVerification2017', 'Extension'], publicKey: `ecdsa-koblitz-pubkey:${ANVIL_0}` },
  };
}

async function issueV2(docs: Obj[]) {
  const targets = await leaves(docs, 'signature');
  const t = tree(targets);
  const tx = await anchor(anvilUrl, t.root);
  return docs.map((d, i) => ({
    ...d,
    signature: {
      type: ['MerkleProof2017', 'Extension'],
      targetHash: targets[i],
      merkleRoot: t.root,
      proof: t.paths[i],
      anchors: [{ sourceId: tx, type: 'ETHData', chain: 'ethereumSepolia' }],
    },
  }));
}

describe('Blockcerts v2 (MerkleProof2017) anchored on a real anvil', () => {
  it('a good v2 credential passes all four items; tampered, it fails (E997); revoked, it fails', async () => {
    const [a, b, c] = await issueV2([await v2(1), await v2(2), await v2(4)]);
    const r = await verify(a as Obj);
    expect(r.verify_errors_code).toEqual([]);
    expect(statuses(r)).toEqual(ALL_OK);
    expect(r.badge_information.badge_name).toBe('Geology 1');
    expect((await verify({ ...(b as Obj), issuedOn: '2026-01-03T03:04:05+00:00' })).verify_errors_code).toEqual([
      'E997',
    ]);
    expect((await verify(c as Obj)).badge_pass).toBe(true);
  });

  it('a mockchain anchor is not anchored (E994)', async () => {
    const [a] = await issueV2([await v2(5)]);
    const sig = (a as Obj)['signature'] as Obj;
    const r = await verify({
      ...(a as Obj),
      signature: { ...sig, anchors: [{ sourceId: 'x', type: 'ETHData', chain: 'mockchain' }] },
    });
    expect(r.verify_errors_code).toEqual(['E994']);
  });
});

describe("the reference verifier's own fixtures (tests/fixtures/conformance/cert-verifier-js)", () => {
  const raw = async (p: string) =>
    (await (await fetch(`http://127.0.0.1:${port}/raw/cert-verifier-js/${p}`)).json()) as Obj;
  const passed = (r: Awaited<ReturnType<typeof verify>>, name: string) =>
    r.checks.find((c) => c.check === name)?.outcome;

  it("cert-issuer's Sepolia v3 credential: our hash and Merkle path agree; its tx is not on this local chain (E995)", async () => {
    const r = await verify(await raw('v3/ethereum-sepolia-v3.json'));
    expect(passed(r, 'readBlockcertsProof')).toBe('pass');
    expect(passed(r, 'checkBlockcertsHash')).toBe('pass');
    expect(passed(r, 'checkMerklePath')).toBe('pass');
    expect(r.verify_errors_code).toContain('E995');
  });

  it('credentials cert-verifier-js 6.35.0 accepted (our lab, Thai and Bengali HTML): hash and path agree', async () => {
    for (const cred of [labTh, labBn] as Obj[]) {
      const r = await verify(cred);
      expect(passed(r, 'checkBlockcertsHash')).toBe('pass');
      expect(passed(r, 'checkMerklePath')).toBe('pass');
      // Anchored on the lab's own anvil, which this run's chain is not.
      expect(r.verify_errors_code).toContain('E995');
    }
  });

  it('a v2 credential on the 2.0-alpha context, not bundled here: not supported (E990), nothing fetched', async () => {
    const r = await verify(await raw('v2/testnet-valid-v1-issuer-2.0.json'));
    expect(passed(r, 'readBlockcertsProof')).toBe('pass');
    expect(r.verify_errors_code).toContain('E990');
    expect(passed(r, 'fetchBlockcertsIssuer')).toBe('skip');
  });
});

describe('through Public/Verification: JSON, a PDF attachment, and garbage', () => {
  beforeAll(() => {
    const e = env as unknown as Record<string, string>;
    e['OUTBOUND_TEST_ALLOW'] = testEnv.OUTBOUND_TEST_ALLOW;
    // The verifier's node for Sepolia alone (the Worker itself anchors nothing here: no key).
    e['CHAIN_RPC_URL_SEPOLIA'] = anvilUrl;
  });
  const api = async (body: Obj) => {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ verification_mail: [LEARNER], ...body }),
    });
    return { status: res.status, body: (await res.json()) as { badge_pass?: boolean; verify_errors_code?: string[] } };
  };

  it('pasted JSON and a certificate PDF carrying the credential as an attachment both pass', async () => {
    const json = JSON.stringify(batch[4]);
    expect((await api({ input_type: 'json', json })).body.badge_pass).toBe(true);
    const pdf = await PDFDocument.create();
    pdf.addPage();
    await pdf.attach(new TextEncoder().encode(json), 'blockcerts.json', { mimeType: 'application/json' });
    const r = await api({ input_type: 'pdf', pdf: bytesToBase64(await pdf.save()) });
    expect(r.status).toBe(200);
    expect(r.body.badge_pass).toBe(true);
  });

  it("the verify page's form takes a Blockcerts .json file in its file field", async () => {
    const form = new FormData();
    form.set('image', new File([JSON.stringify(batch[2])], 'certificate.json', { type: 'application/json' }));
    form.set('email', LEARNER);
    const r = await verifyFromForm(env, form, 'ip:198.51.100.9');
    expect(r?.badge_pass).toBe(true);
    form.set('image', new File([JSON.stringify({ ...(batch[2] as Obj), name: 'x' })], 'c.json'));
    expect((await verifyFromForm(env, form, 'ip:198.51.100.9'))?.verify_errors_code).toEqual(['E997']);
  });

  it('never answers 500 on garbage Blockcerts', async () => {
    const good = batch[0] as Obj;
    const proof = good['proof'] as Obj;
    const value = proof['proofValue'] as string;
    const mutants: unknown[] = [
      { ...good, proof: 42 },
      { ...good, proof: [] },
      { ...good, proof: { ...proof, proofValue: 'z' } },
      { ...good, proof: { ...proof, proofValue: 'z0OIl' } },
      { ...good, proof: { ...proof, proofValue: value.slice(0, 40) } },
      { ...good, proof: { ...proof, proofValue: 'z' + '2'.repeat(5000) } },
      { ...good, proof: { ...proof, proofValue: { a: 1 } } },
      { ...good, '@context': ['https://w3id.org/blockcerts/v3', 'https://evil.example/ctx'] },
      { ...good, '@context': 7 },
      { ...good, issuer: 'http://169.254.169.254/latest' },
      { ...good, credentialSubject: null },
      {
        '@context': 'https://w3id.org/blockcerts/v2',
        signature: { type: 'MerkleProof2017', anchors: [null], proof: [{}] },
      },
      { '@context': 'https://w3id.org/blockcerts/v2', signature: { type: 'ChainpointSHA512v2' } },
      {
        signature: {
          type: 'MerkleProof2017',
          targetHash: 'ab'.repeat(32),
          merkleRoot: 'ab'.repeat(32),
          anchors: [{ type: 'ETHData', chain: 'ethereumSepolia', sourceId: 'zz' }],
        },
      },
    ];
    // Random single-character changes of the proofValue (CBOR and base58 both untrusted), named for a failure.
    const names = new Map<number, string>();
    for (let i = 0; i < 40; i++) {
      // Never the last digit: it moves the last CBOR byte, the anchoring transaction id's last hex
      // digit, by the digits' difference, and a difference of 32 turns 'a'-'f' into 'A'-'F': the same
      // transaction, which verifies (rightly), so that mutant is no forgery.
      const at = 1 + ((i * 7919) % (value.length - 2));
      const ch = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'[(i * 31) % 58] as string;
      if (value[at] !== ch) {
        names.set(mutants.length, `proofValue[${at}] ${value[at]} -> ${ch} of ${value.length}`);
        mutants.push({ ...good, proof: { ...proof, proofValue: value.slice(0, at) + ch + value.slice(at + 1) } });
      }
    }
    for (const m of mutants) {
      const r = await api({ input_type: 'json', json: JSON.stringify(m) });
      expect(r.status).toBe(200);
      const name = names.get(mutants.indexOf(m)) ?? JSON.stringify(m).slice(0, 80);
      expect([name, r.body.badge_pass]).toEqual([name, false]);
    }
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('blockcerts-verify'));
