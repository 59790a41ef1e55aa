import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { devBatch } from '../../scripts/lib/dev-sql.mjs';
import { decodeProofValue, encodeProofValue } from '../../src/server/blockcerts/proof-value';

/*
 * Interop proof (issue 19): the reference verifier, @blockcerts/cert-verifier-js 6.35.0, checks the
 * Blockcerts credentials the running Worker issues, anchors on the local anvil and serves. It runs
 * here in Node (it does not run in workerd), with no browser: the Worker is Playwright's webServer
 * (scripts/start.mjs, which starts anvil). Every outbound request of the verifier is held to
 * 127.0.0.1, so no step passes by asking a public explorer.
 */
const BASE = 'http://127.0.0.1:8787';
const RPC = process.env.ANVIL_URL ?? `http://127.0.0.1:${process.env.ANVIL_PORT ?? 8545}`;
const OB = `${BASE}/api/v1.0/openBadge/v2`;
const ADMIN = 'lanyard-dev-admin-token';
const HEART = 'tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png';

type Obj = Record<string, unknown>;
interface Step {
  code: string;
  status: string;
  errorMessage?: string;
}
interface Verifier {
  Certificate: new (
    json: Obj,
    o: object,
  ) => { init(): Promise<void>; verify(cb: (s: Step) => void): Promise<{ status: string; message?: unknown }> };
}

const realFetch = globalThis.fetch;
const outbound: string[] = [];

async function rpc(method: string, params: unknown[]) {
  const r = await realFetch(RPC, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const j = (await r.json()) as { result?: unknown; error?: { message: string } };
  if (j.error) throw new Error(j.error.message);
  return j.result as Record<string, string> | string | null;
}

/** cert-verifier-js's documented extension point: an explorer of our own, reading the local node. */
const localExplorer = {
  serviceURL: RPC,
  priority: 0,
  apiType: 'rpc',
  chainType: 'evm',
  parsingFunction: async ({ transactionId }: { transactionId: string }) => {
    const tx = (await rpc('eth_getTransactionByHash', [transactionId])) as Record<string, string> | null;
    if (!tx?.blockNumber) throw new Error('transaction not found or pending');
    const block = (await rpc('eth_getBlockByNumber', [tx.blockNumber, false])) as Record<string, string>;
    return {
      remoteHash: (tx.input ?? '').replace(/^0x/, ''),
      issuingAddress: tx.from,
      time: new Date(Number(block.timestamp) * 1000),
      revokedAddresses: [],
    };
  },
};

async function verify(json: Obj) {
  const { Certificate } = createRequire(import.meta.url)(
    '@blockcerts/cert-verifier-js/dist/verifier-node/index.js',
  ) as Verifier;
  const steps: Step[] = [];
  // The verifier logs every failure and each http->https upgrade; the steps are what is checked.
  const { log, warn, error } = console;
  console.log = console.warn = console.error = () => undefined;
  let result: { status: string };
  try {
    const cert = new Certificate(json, { explorerAPIs: [localExplorer], locale: 'en-US' });
    await cert.init();
    result = await cert.verify((s) => steps.push(s));
  } finally {
    Object.assign(console, { log, warn, error });
  }
  const done = steps.filter((s) => s.status !== 'starting');
  return {
    status: result.status,
    passed: done.filter((s) => s.status === 'success').map((s) => s.code),
    failed: done.filter((s) => s.status === 'failure').map((s) => s.code),
  };
}

async function api(path: string, token: string, body?: unknown) {
  const res = await realFetch(`${BASE}/api/issuer/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return (await res.json()) as Obj & { status: number };
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(() => {
  // explorer-lookup's request() turns http:// into https://; map loopback back, refuse the rest.
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = raw.replace(/^https:\/\/127\.0\.0\.1:/, 'http://127.0.0.1:');
    outbound.push(url);
    if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new TypeError(`blocked outbound fetch: ${url}`);
    return realFetch(url, init);
  }) as typeof fetch;
});
test.afterAll(() => {
  globalThis.fetch = realFetch;
});

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
      { timeout: 120_000, intervals: [1000] },
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
