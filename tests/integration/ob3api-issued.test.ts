import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';
import { OB3, SCOPE, bearer, credentialsResponseErrors, tokensFor } from './ob3api-helpers';

/**
 * Issue 21: an award made on this Lanyard reaches the OB 3.0 API as the signed OpenBadgeCredential
 * issuing makes of it (ob3CredentialOf), once the person has received it; unreceived ones are not listed.
 */
describe('awards made here in getCredentials', () => {
  it('lists a received award as its signed OpenBadgeCredential, which verifies; an unreceived one is not listed', async () => {
    const { account, cookie, tokens } = await tokensFor(SCOPE.read);
    const { apiKey } = await newIssuer('OB3 API University');
    const badgeClass = await newBadgeClass(apiKey, { name: 'Knot tying' });
    const { ids } = await awardTo(apiKey, badgeClass, [account.email]);
    const [awarded] = ids;
    const list = async () => {
      const res = await exports.default.fetch(`${OB3}/credentials`, { headers: bearer(tokens.access_token) });
      return {
        total: res.headers.get('x-total-count'),
        body: await res.json<{ credential: Record<string, unknown>[] }>(),
      };
    };
    expect((await list()).total).toBe('0');

    const received = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/SetReceiveBadgeFromWallet`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: cookie },
      body: JSON.stringify({ assertion_id: awarded }),
    });
    expect(received.status).toBe(200);
    const { total, body } = await list();
    expect(total).toBe('1');
    expect(credentialsResponseErrors(body)).toEqual([]);
    const [credential] = body.credential;
    expect(credential).toMatchObject({ type: expect.arrayContaining(['OpenBadgeCredential']) as unknown });
    expect(JSON.stringify(credential)).toContain('Knot tying');
    // It verifies as any verifier would check it (the issuer's did:web of this host, its status list).
    const verified = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ input_type: 'json', json: JSON.stringify(credential) }),
    });
    const report = await verified.json<Record<string, unknown>>();
    // No error; only W001, since this anonymous check names no recipient address to match.
    expect(report).toMatchObject({ verify_errors_code: [], items: { issued_by: { status: 'success' } } });
  });
});
