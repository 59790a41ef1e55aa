import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount } from './helpers';
import { awardTo, getHosted, newBadgeClass, newIssuer } from './issuing-helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

const port = inject('issuerPort');
const server = `http://127.0.0.1:${port}`;

async function verify(body: Record<string, unknown>) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ verification_mail: ['learner@example.test'], ...body }),
  });
  return {
    http: res.status,
    report: recordReport((await res.json()) as { verify_state: string; verify_errors_code: string[] }, res.status),
  };
}

describe('verification.allowedOrigins is a host name, never a host with a port (HV-21)', () => {
  beforeAll(() => {
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port}`;
  });

  it.each(['port', 'url', 'list'])(
    'a profile whose allowedOrigins has a %s: invalid, issuer code, no 500',
    async (c) => {
      const { http, report } = await verify({ input_type: 'url', url: `${server}/ob/origins/${c}/a.json` });
      expect(http).toBe(200);
      expect(report.verify_state).toBe('invalid');
      expect(report.verify_errors_code).toContain('E168');
    },
  );

  it('our own issuer profiles leave allowedOrigins out when the base URL has a port, and still verify', async () => {
    // PUBLIC_BASE_URL is http://127.0.0.1:8787 here: a port, and an IP address.
    const { apiKey, issuerId } = await newIssuer('Port College');
    const profile = (await (await getHosted(`/Issuer/${issuerId}`)).json()) as Record<string, unknown>;
    expect(profile['verification']).toBeUndefined();
    const acct = await createAccount();
    const [id] = (await awardTo(apiKey, await newBadgeClass(apiKey), [acct.email])).ids;
    const { report } = await verify({ input_type: 'assertion_id', assertion_id: id, verification_mail: [acct.email] });
    expect(report.verify_state).toBe('valid');
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('allowed-origins'));
