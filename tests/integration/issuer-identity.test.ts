import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BASE, SAME_ORIGIN } from './helpers';
import { newIssuer } from './issuing-helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

const port = inject('issuerPort');
const server = `http://127.0.0.1:${port}`;
const LEARNER = ['learner@example.test'];

type Report = {
  verify_state: string;
  verify_errors_code: string[];
  items: { issued_by: { status: string; text: string | null } };
  badge_information: { issuer_name: string | null };
};

async function verify(body: Record<string, unknown>): Promise<Report> {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ verification_mail: LEARNER, ...body }),
  });
  expect(res.status).toBe(200);
  return recordReport((await res.json()) as Report);
}

/** The forger's documents claiming `id` (tests/support/trust-stand-in.ts). */
const forged = (id: string, file: string) => `${server}/ob/spoof/${Buffer.from(id).toString('base64url')}/${file}`;

/**
 * A forged badge: invalid for its issuer (E168, or E179 when its signature does not match the key
 * it ends up naming), and no issuer name from a document that failed.
 */
function expectForged(r: Report, ...names: string[]) {
  expect(r.verify_state).toBe('invalid');
  expect(r.verify_errors_code.filter((c) => c === 'E168' || c === 'E179')).not.toEqual([]);
  expect(r.items.issued_by.status).toBe('fail');
  for (const n of [...names, 'Impostor Name', 'Mallory Institute']) {
    expect(r.items.issued_by.text).not.toBe(n);
    expect(r.badge_information.issuer_name).not.toBe(n);
  }
}

describe('HV-20: an issuer is who the document at its id says, not who a copy elsewhere claims to be', () => {
  beforeAll(() => {
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port}`;
  });

  const lanyardIssuer = async (name: string) => {
    const { issuerId } = await newIssuer(name);
    return `${new URL(env.PUBLIC_BASE_URL).origin}/api/v1.0/openBadge/v2/Issuer/${issuerId}`;
  };

  it('a hosted badge on another host whose profile declares the id of an issuer hosted here', async () => {
    const id = await lanyardIssuer('Trusted College');
    expectForged(await verify({ input_type: 'url', url: forged(id, 'hosted.json') }), 'Trusted College');
  });

  it('the same with the badge class and the claimed profile embedded in the assertion', async () => {
    const id = await lanyardIssuer('Embedded College');
    expectForged(await verify({ input_type: 'url', url: forged(id, 'embedded.json') }), 'Embedded College');
  });

  it("a signed badge whose profile claims another issuer's id and lists the forger's key", async () => {
    const here = await lanyardIssuer('Signed College');
    const a = await (await fetch(forged(here, 'jws-profile'))).text();
    expectForged(await verify({ input_type: 'jws', jws: a }), 'Signed College');
    const standIn = `${server}/ob/signed/issuer.json`;
    const b = await (await fetch(forged(standIn, 'jws-profile'))).text();
    expectForged(await verify({ input_type: 'jws', jws: b }), 'Signed Stand-in Institute');
  });

  it("a signed badge whose key, served elsewhere, declares another issuer's key id", async () => {
    const jws = await (await fetch(forged(`${server}/ob/signed/key.json`, 'jws-key'))).text();
    const r = await verify({ input_type: 'jws', jws });
    expectForged(r, 'Signed Stand-in Institute');
    // Read from the id it declares, the key is the real issuer's, which did not sign this (E179).
    expect(r.verify_errors_code).toEqual(['E179']);
  });

  it("a signed badge whose key names another issuer as owner (the forger's own profile lists it)", async () => {
    const id = await lanyardIssuer('Owner College');
    const jws = await (await fetch(forged(id, 'jws-owner'))).text();
    expectForged(await verify({ input_type: 'jws', jws }), 'Owner College');
  });

  it('a profile reached through a redirect declares the address it was answered from: bound', async () => {
    const r = await verify({ input_type: 'url', url: forged('none', 'redirected.json') });
    expect(r.verify_state).toBe('valid');
    expect(r.items.issued_by).toEqual({ status: 'success', text: 'Stand-in Academy' });
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('issuer-identity'));
