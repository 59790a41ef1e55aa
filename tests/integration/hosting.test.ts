import { describe, expect, it } from 'vitest';
import { unbake } from '../../src/server/openbadges/baking';
import { unique } from './helpers';
import { awardTo, b64, getHosted, issuerCall, newBadgeClass, newIssuer, SVG } from './issuing-helpers';
import { verifyHostedUrl, verifyJws } from './ob2-check';

const ASSERTION_URL = (id: string) => `http://127.0.0.1:8787/api/v1.0/openBadge/v2/Assertion/${id}`;

async function issue(over: Record<string, unknown> = {}, classOver: Record<string, unknown> = {}) {
  const { apiKey, issuerId } = await newIssuer();
  const bc = await newBadgeClass(apiKey, classOver);
  const email = `${unique('rcpt')}@example.test`;
  const { ids } = await awardTo(apiKey, bc, [email], over);
  return { apiKey, issuerId, bc, email, id: ids[0] as string };
}

async function bakedImage(id: string) {
  const res = await getHosted(`/Assertion/${id}/image`, 'image/*');
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('hosted badges pass OB 2.0 verification', () => {
  it('from the hosted URL: the assertion, its BadgeClass and Issuer, served at their ids', async () => {
    const { id, email, issuerId } = await issue();
    const outcome = await verifyHostedUrl(ASSERTION_URL(id), email);
    expect(outcome).toMatchObject({ valid: true });
    const issuer = (await (await getHosted(`/Issuer/${issuerId}`)).json()) as Record<string, unknown>;
    expect(issuer).toMatchObject({ type: 'Issuer', url: 'https://university.example' });
    // Our base URL has a port here: allowedOrigins is a host name, so it is left out (HV-21).
    expect(issuer).not.toHaveProperty('verification');
    expect(await verifyHostedUrl(ASSERTION_URL(id), 'someone-else@example.test')).toEqual({
      valid: false,
      reason: 'recipient',
    });
  });

  it('from the baked PNG: one iTXt whose JSON is the hosted assertion', async () => {
    const { id, email } = await issue();
    const { res, bytes } = await bakedImage(id);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const json = JSON.parse(unbake(bytes).payload) as { id: string };
    expect(json.id).toBe(ASSERTION_URL(id));
    expect(await verifyHostedUrl(json.id, email)).toMatchObject({ valid: true });
  });

  it('from the baked SVG: verify attribute = assertion URL, JSON in CDATA; served inert', async () => {
    const { id, email } = await issue({}, { image: b64(SVG) });
    const { res, bytes } = await bakedImage(id);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const out = unbake(bytes);
    expect(out.verify).toBe(ASSERTION_URL(id));
    expect(await verifyHostedUrl(out.verify ?? '', email)).toMatchObject({ valid: true });
  });

  it('HV-03: a revoked hosted assertion answers 410 with revoked: true and the reason', async () => {
    const { id, email, apiKey } = await issue();
    await issuerCall(`/assertions/${id}/revoke`, apiKey, { reason: 'Honor code violation' });
    const res = await getHosted(`/Assertion/${id}`);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({
      id: ASSERTION_URL(id),
      revoked: true,
      revocationReason: 'Honor code violation',
    });
    expect(await verifyHostedUrl(ASSERTION_URL(id), email)).toEqual({ valid: false, reason: 'revoked' });
    expect((await bakedImage(id)).res.status).toBe(410);
  });

  it('a browser asking for HTML goes to the public badge page', async () => {
    const { id } = await issue();
    const res = await getHosted(`/Assertion/${id}`, 'text/html,application/xhtml+xml');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(
      `http://127.0.0.1:8787/ns/portal/openbadge/public/assertions/detail/${id}`,
    );
  });

  it('unknown objects are 404 with the badge-not-found code', async () => {
    const res = await getHosted('/Assertion/no-such-id');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errors: [{ code: 'E404101' }] });
  });
});

describe('signed badges pass OB 2.0 verification', () => {
  it('the baked image carries a compact RS256 JWS whose key is listed in and owned by the issuer', async () => {
    const { id, email, issuerId } = await issue({ verification: 'signed' });
    const { bytes } = await bakedImage(id);
    const jws = unbake(bytes).payload;
    expect(jws.split('.')).toHaveLength(3);
    const outcome = await verifyJws(jws, email);
    expect(outcome).toMatchObject({ valid: true });
    const doc = (await (await getHosted(`/Assertion/${id}`)).json()) as {
      verification: { type: string; creator: string };
    };
    expect(doc.verification.type).toBe('SignedBadge');
    const key = (await (
      await getHosted(new URL(doc.verification.creator).pathname.replace('/api/v1.0/openBadge/v2', ''))
    ).json()) as { publicKeyPem: string; owner: string };
    expect(key.owner).toBe(`http://127.0.0.1:8787/api/v1.0/openBadge/v2/Issuer/${issuerId}`);
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
  });

  it('a tampered JWS fails; a revoked signed badge appears in the RevocationList', async () => {
    const { id, email, apiKey, issuerId } = await issue({ verification: 'signed' });
    const jws = unbake((await bakedImage(id)).bytes).payload;
    const [h, p, s] = jws.split('.');
    const claims = JSON.parse(atob((p ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const forged = btoa(JSON.stringify({ ...claims, expires: '2099-01-01T00:00:00Z' }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(await verifyJws(`${h}.${forged}.${s}`, email)).toEqual({ valid: false, reason: 'signature' });
    await issuerCall(`/assertions/${id}/revoke`, apiKey, { reason: 'Issued in error.' });
    const list = (await (await getHosted(`/RevocationList/${issuerId}`)).json()) as {
      revokedAssertions: { id: string; revocationReason: string }[];
    };
    expect(list.revokedAssertions).toEqual([{ id: ASSERTION_URL(id), revocationReason: 'Issued in error.' }]);
    expect(await verifyJws(jws, email)).toEqual({ valid: false, reason: 'revoked' });
  });

  it('private keys are stored sealed, never as PEM', async () => {
    const { issuerId } = await newIssuer();
    const { env } = await import('./issuing-helpers');
    const row = await env.DB.prepare('SELECT private_key_enc, public_key_pem FROM issuer_keys WHERE issuer_id = ?')
      .bind(issuerId)
      .first<{ private_key_enc: string; public_key_pem: string }>();
    expect(row?.private_key_enc).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(row?.private_key_enc).not.toContain('PRIVATE KEY');
    expect(row?.public_key_pem).toContain('PUBLIC KEY');
  });
});
