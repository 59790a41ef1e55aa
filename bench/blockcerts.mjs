// Blockcerts verification figure (issue 19): one credential verified by Public/Verification against
// a real local node (anvil) and a stand-in issuer on 127.0.0.1. A batch of distinct credentials is
// built here the way an issuer builds them (URDNA2015 with the bundled contexts, sha256 tree, a
// MerkleProof2019 proofValue, one anchor transaction), so no verification is answered from a cache.
// Run alone with `node bench/blockcerts.mjs` after `npm run build`, or as BENCH_ONLY=blockcerts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import jsonld from 'jsonld';
import { ANVIL_ADDRESS_0, startAnvil } from '../scripts/lib/anvil.mjs';

const json = (p) => JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8'));
const CONTEXTS = {
  'https://www.w3.org/2018/credentials/v1': json('../src/server/blockcerts/contexts/credentials-v1.json'),
  'https://w3id.org/openbadges/v2': json('../src/server/ld/bundled/openbadges-v2-context.json'),
  'https://w3id.org/blockcerts/v3': json('../src/server/blockcerts/contexts/blockcerts-v3.json'),
};
const documentLoader = async (url) => {
  if (!CONTEXTS[url]) throw new Error(`context not bundled: ${url}`);
  return { contextUrl: null, documentUrl: url, document: CONTEXTS[url] };
};
const sha256 = (b) => createHash('sha256').update(b).digest();
const EMAIL = 'bench@example.test';

async function leafOf(doc) {
  const nquads = await jsonld.canonize(doc, {
    algorithm: 'URDNA2015',
    format: 'application/n-quads',
    documentLoader,
    safe: false,
  });
  return sha256(Buffer.from(nquads, 'utf8'));
}

/** blockcerts-merkletools: parent = sha256(left || right), an odd last node promoted. */
function tree(leaves) {
  const levels = [leaves];
  while (levels[0].length > 1) {
    const cur = levels[0];
    const next = [];
    for (let i = 0; i + 1 < cur.length; i += 2) next.push(sha256(Buffer.concat([cur[i], cur[i + 1]])));
    if (cur.length % 2 === 1) next.push(cur[cur.length - 1]);
    levels.unshift(next);
  }
  const paths = leaves.map((_, leaf) => {
    let i = leaf;
    const path = [];
    for (let x = levels.length - 1; x > 0; x--) {
      const lvl = levels[x];
      if (!(i === lvl.length - 1 && lvl.length % 2 === 1))
        path.push(i % 2 === 1 ? { left: lvl[i - 1].toString('hex') } : { right: lvl[i + 1].toString('hex') });
      i = Math.floor(i / 2);
    }
    return path;
  });
  return { root: levels[0][0].toString('hex'), paths };
}

// MerkleProof2019 proofValue as cert-issuer lays it out: keymapped CBOR list, strings as CBOR text
// inside a byte string, then 'z' + base58btc.
const head = (major, n) =>
  n < 24 ? [(major << 5) | n] : n < 256 ? [(major << 5) | 24, n] : [(major << 5) | 25, n >> 8, n & 255];
function cbor(v) {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return [...head(3, Buffer.byteLength(v)), ...Buffer.from(v)];
  if (v instanceof Uint8Array) return [...head(2, v.length), ...v];
  return [...head(4, v.length), ...v.flatMap(cbor)];
}
const uint32 = (n) => [0x1a, (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(bytes) {
  let n = BigInt('0x' + Buffer.from(bytes).toString('hex'));
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}
function proofValue({ path, merkleRoot, targetHash, txid }) {
  const wrap = (s) => Uint8Array.from(cbor(s));
  const anchor = [...head(4, 3), ...cbor([0, 1]), ...head(4, 2), 1, ...uint32(11155111), ...cbor([2, wrap(txid)])];
  const bytes = [
    ...head(4, 4),
    ...cbor([3, path.map((s) => (s.left ? [0, wrap(s.left)] : [1, wrap(s.right)]))]),
    ...cbor([0, wrap(merkleRoot)]),
    ...cbor([1, wrap(targetHash)]),
    ...head(4, 2),
    2,
    ...head(4, 1),
    ...anchor,
  ];
  return 'z' + base58(Uint8Array.from(bytes));
}

/** anvil, the stand-in issuer, and `count` credentials anchored in one transaction. */
export async function blockcertsFixture(count = 300) {
  const chain = await startAnvil({ blockTime: 0 });
  const issuer = createServer((req, res) => {
    const base = `http://${req.headers.host}`;
    const docs = {
      '/bc/issuer.json': {
        '@context': ['https://w3id.org/openbadges/v2', 'https://w3id.org/blockcerts/v3'],
        type: 'Profile',
        id: `${base}/bc/issuer.json`,
        name: 'Bench Chain Issuer',
        url: base,
        email: 'badges@bench.example',
        revocationList: `${base}/bc/revocations.json`,
        publicKey: [{ id: `ecdsa-koblitz-pubkey:${ANVIL_ADDRESS_0}`, created: '2020-01-01T00:00:00Z' }],
      },
      '/bc/revocations.json': {
        '@context': 'https://w3id.org/openbadges/v2',
        type: 'RevocationList',
        id: `${base}/bc/revocations.json`,
        issuer: `${base}/bc/issuer.json`,
        revokedAssertions: [],
      },
    };
    const doc = docs[new URL(req.url ?? '/', base).pathname];
    if (!doc) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/ld+json' }).end(JSON.stringify(doc));
  });
  await new Promise((r) => issuer.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${issuer.address().port}`;
  const salt = 'bench-salt';
  const identity = 'sha256$' + sha256(EMAIL + salt).toString('hex');
  const docs = Array.from({ length: count }, (_, i) => ({
    '@context': Object.keys(CONTEXTS),
    id: `urn:uuid:22222222-0000-4000-8000-${String(i).padStart(12, '0')}`,
    type: ['VerifiableCredential', 'BlockcertsCredential'],
    issuer: `${base}/bc/issuer.json`,
    issuanceDate: '2026-01-02T03:04:05Z',
    name: `Bench Chain Badge ${i}`,
    description: 'Measured.',
    credentialSubject: {
      name: 'Bench',
      recipient: { type: 'email', hashed: true, salt, identity },
      claim: { type: 'BadgeClass', id: `${base}/bc/badge.json`, name: 'Bench', criteria: 'Run.' },
    },
  }));
  const leaves = [];
  for (const d of docs) leaves.push(await leafOf(d));
  const t = tree(leaves);
  const res = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [
        {
          from: ANVIL_ADDRESS_0,
          to: '0x000000000000000000000000000000000000dEaD',
          value: '0x0',
          data: `0x${t.root}`,
          gas: '0x61a8',
        },
      ],
    }),
  });
  const txid = (await res.json()).result;
  const credentials = docs.map((d, i) => ({
    ...d,
    proof: {
      type: 'MerkleProof2019',
      created: '2026-01-02T03:04:06Z',
      proofPurpose: 'assertionMethod',
      verificationMethod: `${base}/bc/issuer.json#key-1`,
      proofValue: proofValue({ path: t.paths[i], merkleRoot: t.root, targetHash: leaves[i].toString('hex'), txid }),
    },
  }));
  return {
    credentials,
    /** Worker vars: the verifier's node for Sepolia (no anchoring key needed); the hosts to allow. */
    vars: [`CHAIN_RPC_URL_SEPOLIA:${chain.url}`],
    hosts: [new URL(chain.url).host, new URL(base).host],
    stop: async () => {
      issuer.close();
      await chain.stop();
    },
  };
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

/** Public/Verification of each credential once (distinct, so never a cached answer). */
export async function blockcertsVerification(worker, fixture) {
  const client = [];
  const server = [];
  for (const [n, cred] of fixture.credentials.entries()) {
    const t = performance.now();
    const res = await fetch(`${worker}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.9.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ input_type: 'json', json: JSON.stringify(cred), verification_mail: [EMAIL] }),
    });
    const body = await res.json();
    if (body.badge_pass !== true)
      throw new Error(`Blockcerts verification did not pass: ${JSON.stringify(body).slice(0, 400)}`);
    client.push(performance.now() - t);
    server.push(Number(/verify;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
  }
  // The first few warm the isolate (jsonld, the node's chain id check): reported, not hidden.
  const warm = (xs) => xs.slice(10);
  const q = (xs, p) => quantile(warm(xs), p).toFixed(1);
  return {
    count: client.length - 10,
    first: client[0].toFixed(1),
    p50: q(client, 0.5),
    p99: q(client, 0.99),
    serverP50: q(server, 0.5),
    serverP99: q(server, 0.99),
  };
}

// Alone: start the built Worker with the fixture's vars, measure, print.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startWorker } = await import('../scripts/lib/built-worker.mjs');
  const fixture = await blockcertsFixture();
  const worker = await startWorker(Number(process.env.BENCH_PORT ?? 8787), [
    ...fixture.vars,
    `OUTBOUND_TEST_ALLOW:${fixture.hosts.join(',')}`,
  ]);
  try {
    const r = await blockcertsVerification(worker.base, fixture);
    console.log(
      `Blockcerts verification against the local node (${r.count} distinct credentials, after 10 warm-up): client p50 ${r.p50} ms, p99 ${r.p99} ms; server p50 ${r.serverP50} ms, p99 ${r.serverP99} ms; first ${r.first} ms`,
    );
  } finally {
    worker.stop();
    await fixture.stop();
  }
}
