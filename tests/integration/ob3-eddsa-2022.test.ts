import { exports } from 'cloudflare:workers';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import jsigs from 'jsonld-signatures';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ob3DocumentLoader } from '../../src/server/ob3/loader';
import { signOb3Credential } from '../../src/server/ob3/proof/sign';
import fixtureText from '../fixtures/ob3/1edtech/simple-eddsa-2022.json?raw';
import { cutNetwork } from '../support/offline-fetch';
import { BASE, SAME_ORIGIN } from './helpers';

/**
 * Issue 33 item 2: the old `eddsa-2022` cryptosuite name (the draft of eddsa-rdfc-2022, proof
 * options read with Data Integrity v1) verifies with a warning (W005), as 1EdTech's validator does,
 * through the public route; its signature is really checked, and nothing else is let through.
 */
type Obj = Record<string, unknown>;
type Report = {
  verify_state: string;
  verify_errors_code: string[];
  verify_warnings_code: string[];
  items: Record<string, { status: string }>;
  checks: { check: string; outcome: string; code: string | null }[];
};

async function verify(doc: Obj, emails = ['ada@example.org']): Promise<Report> {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: {
      ...SAME_ORIGIN,
      'CF-Connecting-IP': `10.22.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ input_type: 'json', json: JSON.stringify(doc), verification_mail: emails }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}

const fixture = () => JSON.parse(fixtureText) as Obj;
const proofOf = (doc: Obj) => (Array.isArray(doc['proof']) ? doc['proof'][0] : doc['proof']) as Obj;
const proofCheck = (r: Report) => r.checks.find((c) => c.check === 'checkOb3Proof');

async function didKeyPair() {
  const fresh = await Ed25519Multikey.generate();
  const did = `did:key:${fresh.publicKeyMultibase}`;
  const id = `${did}#${fresh.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({ ...(await fresh.export({ secretKey: true })), id, controller: did });
  return { did, signer: () => pair.signer() };
}

function credential(issuer: string): Obj {
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: 'urn:uuid:0b0e1a9c-2f0a-4c57-9a57-1bd2a1e0b022',
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuer, type: ['Profile'], name: 'Draft-suite issuer' },
    validFrom: '2026-01-01T00:00:00Z',
    name: 'Draft suite',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityHash: 'ada@example.org', identityType: 'emailAddress', hashed: false },
      ],
      achievement: {
        id: 'https://example.org/achievements/22',
        type: ['Achievement'],
        name: 'Draft suite',
        criteria: { narrative: 'Signed the old way.' },
        description: 'A test badge.',
      },
    },
  };
}

/** Signs as an issuer still on the draft name would: eddsa-2022, proof options in Data Integrity v1. */
async function signEddsa2022(doc: Obj, signer: object): Promise<Obj> {
  const suite = new DataIntegrityProof({
    cryptosuite: { ...eddsaRdfc2022, name: 'eddsa-2022' },
    legacyContext: true,
    signer,
  });
  return jsigs.sign(structuredClone(doc), {
    suite,
    purpose: new jsigs.purposes.AssertionProofPurpose(),
    documentLoader: ob3DocumentLoader(),
  }) as Promise<Obj>;
}

// Offline, as the corpus test runs (the fixture's issuer is at example.com): the outcome must not
// depend on where the tests run. Only 127.0.0.1 is reached.
beforeAll(() => {
  // The fixture's issuer host serves no profile (as online): its fragment key stands as its own claim.
  cutNetwork(new Set(['example.com']));
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('the eddsa-2022 cryptosuite (issue 33 item 2)', () => {
  it("1EdTech's simple-eddsa-2022.json verifies with the warning W005, as 1EdTech's validator does", async () => {
    const r = await verify(fixture(), ['student@1edtech.edu']);
    expect(r.verify_errors_code).toEqual([]);
    // W003 and W002 as every valid 1EdTech fixture (ob3-corpus.test.ts): its key is in the issuer's
    // URL, its subject a DID.
    expect(r.verify_warnings_code).toEqual(['W005', 'W003', 'W002']);
    expect(proofCheck(r)).toMatchObject({ outcome: 'pass', code: 'W005' });
    for (const item of ['issued_by', 'issued_on', 'expires_on']) expect(r.items[item]?.status).toBe('success');
  });

  it('its signature is checked: the fixture with a changed name is altered (E179)', async () => {
    const r = await verify({ ...fixture(), name: 'Another name' }, ['student@1edtech.edu']);
    expect(r.verify_errors_code).toEqual(['E179']);
    expect(r.verify_warnings_code).not.toContain('W005');
  });

  it('a proof made here under the old name verifies with W005; a changed validFrom is E179', async () => {
    const key = await didKeyPair();
    const signed = await signEddsa2022(credential(key.did), key.signer());
    expect(proofOf(signed)).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-2022' });
    const r = await verify(signed);
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_warnings_code).toContain('W005');
    expect(r.items['awarded_to']?.status).toBe('success');
    expect((await verify({ ...signed, validFrom: '2019-04-01T00:00:00Z' })).verify_errors_code).toEqual(['E179']);
  });

  it('a name is no shortcut: a proof relabelled from one name to the other never verifies', async () => {
    const key = await didKeyPair();
    const current = await signOb3Credential(credential(key.did), key.signer());
    const asOld = { ...current, proof: { ...proofOf(current), cryptosuite: 'eddsa-2022' } };
    const r = await verify(asOld);
    expect(r.verify_state).toBe('invalid');
    expect(r.verify_warnings_code).not.toContain('W005');
    const old = fixture();
    const asNew = { ...old, proof: [{ ...proofOf(old), cryptosuite: 'eddsa-rdfc-2022' }] };
    expect((await verify(asNew, ['student@1edtech.edu'])).verify_state).toBe('invalid');
  });

  it('a credential signed with the current suite carries no W005', async () => {
    const key = await didKeyPair();
    const r = await verify(await signOb3Credential(credential(key.did), key.signer()));
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_warnings_code).not.toContain('W005');
  });
});
