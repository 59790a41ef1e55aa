import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { verifyBadge as verifyBadgeNow } from '../../src/server/verify/verify';
import { createAccount } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

const port = inject('issuerPort');
const standIn = `http://127.0.0.1:${port}/ob/a`;
// The stand-in issuer is reachable through the test allow list only.
const testEnv = { ...env, OUTBOUND_TEST_ALLOW: `127.0.0.1:${port}` };
const LEARNER = ['learner@example.test'];
const verifyBadge = async (...a: Parameters<typeof verifyBadgeNow>) => recordReport(await verifyBadgeNow(...a));

describe('verifying badges of another issuer (hosted, stand-in on 127.0.0.1)', () => {
  it('passes a valid hashed-recipient badge with the four items', async () => {
    const r = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/valid.json` }, LEARNER);
    expect(r.badge_pass).toBe(true);
    expect(r.verify_state).toBe('valid');
    expect(r.items).toEqual({
      issued_by: { status: 'success', text: 'Stand-in Academy' },
      issued_on: { status: 'success', text: '2025-01-01T00:00:00.000Z' },
      awarded_to: { status: 'success', text: 'learner@example.test' },
      expires_on: { status: 'success', text: null },
    });
    expect(r.badge_information).toMatchObject({ badge_name: 'Stand-in Astronomy', badge_expired: false });
  });

  it('fails awarded_to for someone else (E025) and warns when no address is given (W001)', async () => {
    const other = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/plain.json` }, ['someone@example.test']);
    expect(other.verify_errors_code).toEqual(['E025']);
    expect(other.items.awarded_to.status).toBe('fail');
    expect(other.items.issued_by.status).toBe('success');
    const anonymous = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/valid.json` }, []);
    expect(anonymous.verify_warnings_code).toEqual(['W001']);
    expect(anonymous.badge_pass).toBe(false);
  });

  it('reports an expired badge in full with E045', async () => {
    const r = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/expired.json` }, LEARNER);
    expect(r.verify_errors_code).toEqual(['E045']);
    expect(r.items.expires_on.status).toBe('fail');
    expect(r.items.issued_by.status).toBe('success');
    expect(r.badge_information.badge_expired).toBe(true);
  });

  it('revoked by HTTP 410 fails everything (E999, revoked)', async () => {
    const r = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/revoked.json` }, LEARNER);
    expect(r.verify_errors_code).toEqual(['E999']);
    expect(r.badge_information.revoked).toBe(true);
    expect(Object.values(r.items).every((i) => i.status === 'fail')).toBe(true);
  });

  it('HV-01: an issuer on another origin fails issued_by (E168)', async () => {
    const r = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/foreign-issuer.json` }, LEARNER);
    expect(r.verify_errors_code).toEqual(['E168']);
  });

  it('refuses an assertion not at its own id, HTML, and private addresses', async () => {
    const moved = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/moved.json` }, LEARNER);
    expect(moved.verify_state).toBe('invalid');
    const html = await verifyBadge(testEnv, { kind: 'url', url: `${standIn}/html.json` }, LEARNER);
    expect(html.verify_state).toBe('invalid');
    const metadata = await verifyBadge(testEnv, { kind: 'url', url: 'http://169.254.169.254/a.json' }, LEARNER);
    expect(metadata.verify_errors_code).toEqual(['E999']);
    expect(metadata.verify_state).toBe('invalid');
  });
});

describe('verifying badges issued here (read from D1, never over the network)', () => {
  it('passes a hosted and a signed Lanyard badge, and notices revocation', async () => {
    const acct = await createAccount();
    const { apiKey } = await newIssuer('Verify College');
    const bc = await newBadgeClass(apiKey, { name: 'Verified Badge' });
    const [hosted] = (await awardTo(apiKey, bc, [acct.email])).ids;
    const [signed] = (await awardTo(apiKey, bc, [acct.email], { verification: 'signed' })).ids;
    const base = new URL(env.PUBLIC_BASE_URL).origin;
    const url = (id: string | undefined) => `${base}/api/v1.0/openBadge/v2/Assertion/${id}`;
    const h = await verifyBadge(env, { kind: 'url', url: url(hosted) }, [acct.email]);
    expect(h.verify_errors_code).toEqual([]);
    expect(h.badge_pass).toBe(true);
    const { hostedService } = await import('../../src/server/hosted/service');
    const live = await hostedService(env).liveAssertion(signed as string);
    if (live.kind !== 'ok') throw new Error('signed assertion missing');
    const { signAssertion } = await import('../../src/server/openbadges/jws');
    const { openIssuerKey } = await import('../../src/server/openbadges/keys');
    const key = await openIssuerKey(env, live.found.privateKeyEnc as string);
    const jws = await signAssertion(live.doc, key);
    const s = await verifyBadge(env, { kind: 'jws', text: jws }, [acct.email]);
    expect(s.verify_errors_code).toEqual([]);
    expect(s.badge_pass).toBe(true);
    await env.DB.prepare('UPDATE assertions SET revoked_at = ?, revoked_reason = ? WHERE id = ?')
      .bind(Date.now(), 'Issued by mistake', hosted)
      .run();
    const gone = await verifyBadge(env, { kind: 'url', url: url(hosted) }, [acct.email]);
    expect(gone.badge_information).toMatchObject({ revoked: true, revocation_reason: 'Issued by mistake' });
  });
});

describe('POST Public/Verification (no login)', () => {
  const call = async (body: Record<string, unknown>) => {
    const { exports } = await import('cloudflare:workers');
    const { BASE, SAME_ORIGIN } = await import('./helpers');
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify(body),
    });
    return { http: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('verifies a badge issued here by id, from its baked image, and from pasted JSON', async () => {
    const acct = await createAccount();
    const { apiKey } = await newIssuer('Route College');
    const bc = await newBadgeClass(apiKey, { name: 'Route Badge' });
    const [id] = (await awardTo(apiKey, bc, [acct.email])).ids;
    const byId = await call({ input_type: 'assertion_id', assertion_id: id, verification_mail: [acct.email] });
    expect(byId.json).toMatchObject({ status: 200, badge_pass: true, verify_errors_count: 0 });
    expect((byId.json['badge_information'] as { badge_name: string }).badge_name).toBe('Route Badge');

    const { exports } = await import('cloudflare:workers');
    const { BASE } = await import('./helpers');
    const png = new Uint8Array(
      await (await exports.default.fetch(`${BASE}/api/v1.0/openBadge/v2/Assertion/${id}/image`)).arrayBuffer(),
    );
    const image = btoa(Array.from(png, (b) => String.fromCharCode(b)).join(''));
    const byImage = await call({ input_type: 'image', image, verification_mail: [acct.email] });
    expect(byImage.json).toMatchObject({ badge_pass: true });

    const doc = await (
      await exports.default.fetch(`${BASE}/api/v1.0/openBadge/v2/Assertion/${id}`, {
        headers: { Accept: 'application/ld+json' },
      })
    ).text();
    const byJson = await call({ input_type: 'json', json: doc, verification_mail: ['stranger@example.test'] });
    expect(byJson.json).toMatchObject({ badge_pass: false, verify_errors_code: ['E025'] });
  });

  it('answers E999 for an image without a badge and for nothing readable, and 400 for a bad input type', async () => {
    const { PNG, b64 } = await import('./issuing-helpers');
    expect((await call({ input_type: 'image', image: b64(PNG) })).json).toMatchObject({ verify_errors_code: ['E999'] });
    expect((await call({ input_type: 'json', json: 'not json' })).json).toMatchObject({ badge_pass: false });
    expect((await call({ input_type: 'telepathy' })).http).toBe(400);
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () => matchReports('verify'));
