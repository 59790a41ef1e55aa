import { expect, test } from 'vitest';
import { E2E_BASE as BASE } from '../../scripts/lib/e2e-server.mjs';
import { readFileSync } from 'node:fs';
import { devBatch } from '../../scripts/lib/dev-sql.mjs';
import { decodeProofValue, encodeProofValue } from '../../src/server/blockcerts/proof-value';
import { outbound, realFetch, referenceVerify as verify } from '../support/cert-verifier';
import { ADMIN, HEART, issuerApi } from './issuer-api';

type Obj = Record<string, unknown>;

/*
 * Interop proof (issue 19): the reference verifier, @blockcerts/cert-verifier-js 6.35.0, checks the
 * Blockcerts credentials the running Worker issues, anchors on the local anvil and serves. It runs
 * here in Node (it does not run in workerd), with no browser, beside the browser tests and against the
 * same Worker (scripts/lib/e2e-server.mjs, which starts anvil). Every outbound request of the verifier
 * is held to 127.0.0.1, so no step passes by asking a public explorer.
 */
const OB = `${BASE}/api/v1.0/openBadge/v2`;

const api = (path: string, token: string, body?: unknown) => issuerApi(realFetch, path, token, body);

test('cert-verifier-js verifies the credentials Lanyard anchors; tampered, revoked and another root fail', async () => {
  const issuer = await api('/issuers', ADMIN, {
    name: 'ব্লকচেইন বিশ্ববিদ্যালয় — 区块链大学',
    url: 'https://university.example',
    email: 'badges@university.example',
  });
  expect(issuer.status).toBe(200);
  const key = issuer.api_key as string;
  const cls = await api('/badge-classes', key, {
    name: 'ความปลอดภัยของข้อมูล · データ保護 · 데이터 보호',
    description: 'Tiếng Việt · বাংলা · 繁體中文 · Bahasa Indonesia 🎓',
    image: readFileSync(HEART).toString('base64'),
    criteria_narrative: 'Pass the course.',
  });
  expect(cls.status).toBe(200);
  const stamp = Date.now().toString(36);
  const award = await api('/awards', key, {
    badge_class_id: cls.badge_class_id,
    recipients: ['a', 'b', 'c'].map((x) => `interop-${x}-${stamp}@example.test`),
    blockchain: true,
  });
  expect(award.status).toBe(200);
  const [a, b, c] = (award.assertions as { assertion_id: string }[]).map((x) => x.assertion_id);
  // The recipients accept (spec §4): blockchain badges wait in Receiving for the nightly batch.
  await devBatch(BASE, [
    {
      sql: `UPDATE assertions SET accept_status = 1, accepted_at = ? WHERE id IN (?, ?, ?)`,
      params: [Date.now(), a ?? '', b ?? '', c ?? ''],
    },
  ]);

  // The nightly batch, run by hand until the three are anchored (one block a second on anvil).
  const token = readFileSync('.wrangler/dev-sql-token-8787', 'utf8').trim();
  const creds: Obj[] = [];
  await expect
    .poll(
      async () => {
        await realFetch(`${BASE}/api/dev/anchor`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ wait_ms: 5000 }),
        });
        const got = await Promise.all([a, b, c].map((id) => realFetch(`${OB}/AssertionBC/${id}`)));
        if (got.some((r) => r.status !== 200)) return false;
        creds.splice(0, 3, ...((await Promise.all(got.map((r) => r.json()))) as Obj[]));
        return true;
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toBe(true);
  const [credA, credB, credC] = creds as [Obj, Obj, Obj];

  // One transaction anchors the batch: all three name it.
  const anchors = creds.map((x) => decodeProofValue((x.proof as { proofValue: string }).proofValue)?.anchors[0]);
  expect(new Set(anchors).size).toBe(1);
  expect(anchors[0]).toMatch(/^blink:eth:sepolia:0x[0-9a-f]{64}$/);

  const ok = await verify(credA);
  expect(ok.failed).toEqual([]);
  expect(ok.status).toBe('success');
  for (const step of [
    'getTransactionId',
    'computeLocalHash',
    'fetchRemoteHash',
    'compareHashes',
    'checkMerkleRoot',
    'checkReceipt',
    'parseIssuerKeys',
    'checkAuthenticity',
    'checkRevokedStatus',
  ])
    expect(ok.passed).toContain(step);

  const tampered = await verify({ ...credA, name: `${String(credA.name)} (edited)` });
  expect([tampered.status, tampered.failed]).toEqual(['failure', ['compareHashes']]);

  expect((await api(`/assertions/${b}/revoke`, key, { reason: 'Awarded in error' })).status).toBe(200);
  const revoked = await verify(credB);
  expect([revoked.status, revoked.failed]).toEqual(['failure', ['checkRevokedStatus']]);

  // A proof naming the same transaction for a tree it does not hold: the credential's own leaf as root.
  const proof = credC.proof as Obj & { proofValue: string };
  const p = decodeProofValue(proof.proofValue);
  if (!p) throw new Error('proofValue does not decode');
  const otherRoot = { ...p, merkleRoot: p.targetHash, path: [] };
  const wrongRoot = await verify({ ...credC, proof: { ...proof, proofValue: encodeProofValue(otherRoot) } });
  expect([wrongRoot.status, wrongRoot.failed]).toEqual(['failure', ['checkMerkleRoot']]);

  // Nothing but the Worker and the local node was asked.
  expect(outbound.filter((u) => !u.startsWith('http://127.0.0.1:'))).toEqual([]);
});
