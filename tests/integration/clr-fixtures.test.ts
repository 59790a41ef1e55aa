import { exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cutNetwork } from '../support/offline-fetch';
import { matchReports, recordReport } from '../support/report-snapshot';
import { BASE, SAME_ORIGIN } from './helpers';
import type { VerifyAnswer } from './clr-helpers';

/**
 * Issue 38, item 4: 1EdTech's own CLR 2.0 fixtures (tests/fixtures/clr/1edtech/SOURCE.md) through the
 * public Verification route, offline, as tests/integration/ob3-corpus.test.ts reads the OB 3.0 ones.
 * 1EdTech's CLR20Tests assert `simple.json` valid and `simple_v1.json` valid with a warning; the
 * test of `simple.jwt` is disabled and `simple-noproof.json` is used by none. Where Lanyard differs,
 * the table says why.
 */
const text = import.meta.glob('../fixtures/clr/1edtech/*.{json,jwt}', {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;
const fixture = (name: string) => text[`../fixtures/clr/1edtech/${name}`] as string;

async function verify(body: Record<string, unknown>) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ verification_mail: ['student@1edtech.edu'], ...body }),
  });
  return { http: res.status, r: recordReport((await res.json()) as VerifyAnswer, res.status) };
}
const asBody = (name: string, doc = fixture(name)) =>
  name.endsWith('.jwt') ? { input_type: 'jws', jws: doc } : { input_type: 'json', json: doc };

// As in ob3-corpus: the fixtures' https issuers serve no profile (404); everything else is offline.
const PROFILE_HOSTS = new Set(['example.com', 'example.edu']);
beforeAll(() => void cutNetwork(PROFILE_HOSTS));
afterAll(() => vi.restoreAllMocks());

describe('1EdTech CLR 2.0 fixtures through Public/Verification', () => {
  it('simple.json (1EdTech: valid): every item but awarded_to holds, and its one nested badge is verified', async () => {
    const { http, r } = await verify(asBody('simple.json'));
    expect(http).toBe(200);
    expect(r.verify_errors_code).toEqual([]);
    for (const item of ['issued_by', 'issued_on', 'expires_on']) expect(r.items[item]?.status).toBe('success');
    // The subject is a DID (W002, as for OB 3.0); the key is in the issuer URL's fragment with no
    // profile there (W003); the CLR schema it names is not bundled here (W009).
    expect(r.verify_warnings_code).toEqual(['W009', 'W003', 'W002']);
    expect(r.badge_information['badge_name']).toBe('Sample Transcript');
    expect(r.clr).toEqual({
      achievements: 2,
      associations: 1,
      nested: [
        {
          index: 0,
          id: 'http://example.com/credentials/3527',
          name: 'Teamwork',
          // Its key is in its issuer's URL fragment with no profile there: the name is its own claim.
          issuer_name: null,
          state: 'valid',
          errors: [],
          warnings: ['W003'],
        },
      ],
    });
  });

  it('simple_v1.json (1EdTech: valid with a warning): its urn:uuid issuer’s keys bind to nothing here', async () => {
    const { r } = await verify(asBody('simple_v1.json'));
    // The record's key is written in its urn:uuid issuer's fragment: no address to publish it at,
    // so no key is found for it (E177).
    expect(r.verify_state).toBe('invalid');
    expect(r.verify_errors_code).toEqual(['E177']);
    // A record that does not hold lists none of its badges. Verified alone, five of its six are
    // signed by a did:key that is not their urn:uuid issuer's (E169, issue 33, as
    // simple-did-key-method.json in ob3-corpus).
    expect(r.clr?.nested).toEqual([]);
    // Three of its five associations name ids the record does not hold (W008); 1EdTech lets them pass.
    expect(r.verify_warnings_code).toEqual(expect.arrayContaining(['W008']));
  });

  it('simple.jwt (1EdTech: test disabled): its draft contexts are not bundled (E980)', async () => {
    const { r } = await verify(asBody('simple.jwt'));
    expect([r.verify_state, r.verify_errors_code]).toEqual(['invalid', ['E980']]);
  });

  it('simple-noproof.json (1EdTech: no test): a draft context (E980) before its missing proof', async () => {
    const { r } = await verify(asBody('simple-noproof.json'));
    expect([r.verify_state, r.verify_errors_code]).toEqual(['invalid', ['E980']]);
  });

  it('simple.json without its proof: no proof to check (E991)', async () => {
    const doc = JSON.parse(fixture('simple.json')) as Record<string, unknown>;
    delete doc['proof'];
    const { r } = await verify(asBody('simple.json', JSON.stringify(doc)));
    expect(r.verify_errors_code).toEqual(['E991']);
  });

  it('simple.json with its nested badge renamed: the record’s proof covers it (altered, E179), and no badge is listed', async () => {
    const doc = fixture('simple.json').replace('"name": "Teamwork"', '"name": "Leadership"');
    expect(doc).not.toBe(fixture('simple.json'));
    const { r } = await verify(asBody('simple.json', doc));
    expect(r.verify_errors_code).toEqual(['E179']);
    expect(r.clr?.nested).toEqual([]);
  });
});

it('the reports of this corpus are held (issue 36)', () => matchReports('clr-fixtures'));
