import { expect, test } from 'vitest';
import { E2E_BASE as BASE } from '../../scripts/lib/e2e-server.mjs';
import { readFileSync } from 'node:fs';
import { signWithDcc } from '../support/dcc-sign';
import { dccOutbound, dccVerify, realFetch, step } from '../support/dcc-verify';
import { ADMIN, HEART, issuerApi } from './issuer-api';

type Obj = Record<string, unknown>;

/*
 * Interop proof of issue 21 (Deliver 6), no browser: (a) a badge Lanyard awards, downloaded as
 * OB 3.0, verifies in the Digital Credentials Consortium's verifier-core (did:web and status list
 * read from this Worker), and after revocation verifier-core reads it as revoked; (b) a credential
 * signed by the DCC stack (did:key) is valid for Lanyard's own Public/Verification.
 */

const issuer = (path: string, token: string, body?: unknown) => issuerApi(realFetch, path, token, body);

test('verifier-core verifies a Lanyard OB 3.0 award, and reads it as revoked once revoked', async () => {
  const made = await issuer('/issuers', ADMIN, {
    name: 'Đại học Liên thông · 相互運用大学',
    url: 'https://university.example',
    email: 'badges@university.example',
  });
  const key = made.api_key as string;
  const cls = await issuer('/badge-classes', key, {
    name: 'ความปลอดภัยของข้อมูล · データ保護',
    description: 'বাংলা · 繁體中文 · Bahasa Indonesia 🎓',
    image: readFileSync(HEART).toString('base64'),
    criteria_narrative: 'Pass the course.',
    tags: ['Interop'],
  });
  const award = await issuer('/awards', key, {
    badge_class_id: cls.badge_class_id,
    recipients: [`ob3-interop-${Date.now().toString(36)}@example.test`],
  });
  expect(award.status).toBe(200);
  const [{ assertion_id: id }] = award.assertions as [{ assertion_id: string }];
  const res = await realFetch(`${BASE}/api/v1.0/openBadge/v3/credentials/${id}`);
  expect(res.status).toBe(200);
  const credential = (await res.json()) as Obj;
  expect(String((credential['issuer'] as Obj)['id'])).toMatch(/^did:web:127\.0\.0\.1%3A8787:api:v1\.0:openBadge:v3:/);

  const before = await dccVerify(credential);
  expect(before.errors).toBeUndefined();
  expect(step(before, 'valid_signature')).toBe(true);
  expect(step(before, 'expiration')).toBe(true);
  expect(step(before, 'revocation_status')).toBe(true);
  // Its did.json and status list came from this Worker; nothing was refused.
  const asked = dccOutbound.map((o) => o.url);
  expect(asked.some((u) => u.endsWith('/did.json'))).toBe(true);
  expect(asked.some((u) => /\/status\/\d+$/.test(u))).toBe(true);
  expect(dccOutbound.filter((o) => o.refused)).toEqual([]);

  // A changed credential fails verifier-core's signature check.
  const changed = structuredClone(credential);
  changed['name'] = 'Something else';
  const bad = await dccVerify(changed);
  expect(step(bad, 'valid_signature') === true).toBe(false);

  const revoked = await issuer(`/assertions/${id}/revoke`, key, { reason: 'Issued by mistake' });
  expect(revoked.status).toBe(200);
  const after = await dccVerify(credential);
  expect(step(after, 'valid_signature')).toBe(true);
  expect(step(after, 'revocation_status')).toBe(false);
});

test('Lanyard’s Public/Verification finds a credential signed by the DCC stack valid', async () => {
  const email = 'dcc-learner@example.test';
  const signed = await signWithDcc({
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: 'Signed elsewhere',
    issuer: { type: ['Profile'], name: 'DCC Test Issuer', url: 'https://dcc.example' },
    validFrom: '2024-01-01T00:00:00Z',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'emailAddress', hashed: false, identityHash: email }],
      achievement: {
        id: 'https://dcc.example/achievements/1',
        type: ['Achievement'],
        name: 'Signed elsewhere',
        description: 'A badge Lanyard did not sign.',
        criteria: { narrative: 'Be signed by another stack.' },
      },
    },
  });
  // verifier-core agrees it is well signed (no network: did:key).
  expect(step(await dccVerify(signed), 'valid_signature')).toBe(true);
  const res = await realFetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ input_type: 'json', json: JSON.stringify(signed), verification_mail: [email] }),
  });
  expect(res.status).toBe(200);
  const report = (await res.json()) as Obj;
  expect(report['verify_errors_code']).toEqual([]);
  expect(report['verify_state']).toBe('valid');
});
