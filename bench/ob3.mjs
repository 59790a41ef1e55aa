// Issue 21: verifying an OB 3.0 credential (eddsa-rdfc-2022, did:key issuer) through
// Public/Verification. Each credential is distinct (no verification cache hit) and verified once;
// the server's own time comes from the route's Server-Timing `verify` entry.
import { execFileSync } from 'node:child_process';

const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

async function verifyOnce(worker, credential, n) {
  const t = performance.now();
  const res = await fetch(`${worker}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // Spread over addresses like the other verification figures, so no rate limit is measured.
      'cf-connecting-ip': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      input_type: 'json',
      json: JSON.stringify(credential),
      verification_mail: ['bench@example.test'],
    }),
  });
  const json = await res.json();
  const server = Number(/verify;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  if (json.badge_pass !== true)
    throw new Error(`OB 3.0 verification did not pass: ${JSON.stringify(json).slice(0, 300)}`);
  return { client: performance.now() - t, server };
}

/** Signs `count` credentials (bench/ob3.ts, with tsx), then verifies each once; p50/p90/p99. */
export async function ob3Verification(worker, count = 300) {
  const credentials = JSON.parse(
    execFileSync('npx', ['tsx', 'bench/ob3.ts', String(count + 1)], { encoding: 'utf8', maxBuffer: 64 << 20 }),
  );
  // One warm-up: the first verification of an isolate builds the suites and reads the contexts.
  const first = await verifyOnce(worker, credentials.pop(), 900000);
  const client = [];
  const server = [];
  for (const [i, c] of credentials.entries()) {
    const t = await verifyOnce(worker, c, 910000 + i);
    client.push(t.client);
    server.push(t.server);
  }
  const q = (xs, p) => quantile(xs, p).toFixed(1);
  return {
    count: credentials.length,
    first: first.server.toFixed(1),
    p50: q(client, 0.5),
    p90: q(client, 0.9),
    p99: q(client, 0.99),
    serverP50: q(server, 0.5),
    serverP90: q(server, 0.9),
    serverP99: q(server, 0.99),
  };
}
