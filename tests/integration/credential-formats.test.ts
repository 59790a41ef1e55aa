import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BASE, SAME_ORIGIN } from './helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

const port = inject('issuerPort');
const server = `http://127.0.0.1:${port}`;

type Report = { verify_state: string; verify_errors_code: string[]; badge_pass: boolean };

async function verify(body: Record<string, unknown>): Promise<Report> {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ verification_mail: ['learner@example.test'], ...body }),
  });
  expect(res.status).toBe(200);
  return recordReport((await res.json()) as Report);
}

/** A conformance fixture (tests/fixtures/conformance), read through the stand-in server. */
const fixture = async (p: string) => (await (await fetch(`${server}/raw/${p}`)).json()) as Record<string, unknown>;
/** The fixture with its `id` moved to a counting address of the stand-in (tests/support/trust-stand-in.ts). */
const withId = async (p: string, name: string) => ({ ...(await fixture(p)), id: `${server}/ob/vc/${name}` });
const seen = async (name: string) =>
  ((await (await fetch(`${server}/ob/vc-seen/${name}`)).json()) as { seen: number }).seen;
const b64u = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

const OB3 = 'openbadges-specification/ob_v3p0-examples';
const BLOCKCERTS = 'cert-verifier-js';

describe('credentials that are not Open Badges 2.0 get an honest answer, and nothing is fetched for them', () => {
  beforeAll(() => {
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port}`;
  });

  it.each([
    ['basic', `${OB3}/basicOpenBadgeCredential-1.json`],
    ['full', `${OB3}/fullOpenBadge-1.json`],
  ])('an unsigned Open Badges 3.0 credential (%s) as JSON: no proof, E991 (issue 21)', async (name, p) => {
    const r = await verify({ input_type: 'json', json: JSON.stringify(await withId(p, `ob3-${name}`)) });
    expect(r.verify_errors_code).toContain('E991');
    expect(r.verify_state).toBe('invalid');
    expect(await seen(`ob3-${name}`)).toBe(0);
  });

  it('an Open Badges 3.0 VC-JWT (ES256, and RS256) naming no key: E177 (issue 21)', async () => {
    const vc = await withId(`${OB3}/basicOpenBadgeCredential-1.json`, 'ob3-jwt');
    const claims = { vc, iss: 'https://example.com/issuers/876543', jti: vc['id'], nbf: 1262304000 };
    for (const alg of ['ES256', 'RS256']) {
      const jwt = `${b64u({ alg, typ: 'JWT' })}.${b64u(claims)}.${b64u('not a real signature')}`;
      expect((await verify({ input_type: 'jws', jws: jwt })).verify_errors_code).toEqual(['E177']);
    }
    expect(await seen('ob3-jwt')).toBe(0);
  });

  it('an unsigned Open Badges 3.0 credential found at a URL: read as OB 3.0, no proof (E991)', async () => {
    const r = await verify({ input_type: 'url', url: `${server}/raw/${OB3}/basicOpenBadgeCredential-1.json` });
    expect(r.verify_errors_code).toEqual(['E991']);
  });

  it.each([
    ['v3', `${BLOCKCERTS}/v3/ethereum-sepolia-v3.json`, 'E997'],
    // Its 2.0-alpha context is not bundled: it cannot be hashed here at all.
    ['v2', `${BLOCKCERTS}/v2/testnet-valid-v1-issuer-2.0.json`, 'E990'],
  ])(
    'a Blockcerts %s certificate with its id changed: verified as Blockcerts (issue 19), never valid (%s)',
    async (name, p, code) => {
      const r = await verify({ input_type: 'json', json: JSON.stringify(await withId(p, `blockcerts-${name}`)) });
      expect(r.verify_errors_code).toContain(code);
      expect(r.verify_state).toBe('invalid');
      expect(await seen(`blockcerts-${name}`)).toBe(0);
    },
  );

  it('JSON that is no badge at all: E993, given or found at a URL', async () => {
    const person = {
      '@context': 'https://schema.org',
      type: 'Person',
      id: `${server}/ob/vc/person`,
      name: 'Ada',
    };
    expect((await verify({ input_type: 'json', json: JSON.stringify(person) })).verify_errors_code).toEqual(['E993']);
    const plain = { id: `${server}/ob/vc/plain`, hello: 'world' };
    expect((await verify({ input_type: 'json', json: JSON.stringify(plain) })).verify_errors_code).toEqual(['E993']);
    expect(await seen('person')).toBe(0);
    expect(await seen('plain')).toBe(0);
    expect((await verify({ input_type: 'url', url: `${server}/ok.json` })).verify_errors_code).toEqual(['E993']);
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('credential-formats'));
