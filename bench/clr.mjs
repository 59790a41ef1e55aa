// Issue 38: verifying a CLR 2.0 record of 40 course credentials from 3 schools through
// Public/Verification: the record's own proof and each nested proof. Each record is distinct (no
// verification cache hit) and verified once; the server's own time is Server-Timing `verify`.
import { execFileSync } from 'node:child_process';

const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

async function verifyOnce(worker, record, n) {
  const t = performance.now();
  const res = await fetch(`${worker}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.77.${(n >> 8) & 255}.${n & 255}` },
    body: JSON.stringify({
      input_type: 'json',
      json: JSON.stringify(record),
      verification_mail: ['bench@example.test'],
    }),
  });
  const json = await res.json();
  const server = Number(/verify;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  const nested = json.clr?.nested ?? [];
  if (json.badge_pass !== true || nested.length !== 40 || nested.some((x) => x.state !== 'valid'))
    throw new Error(`CLR verification did not pass: ${JSON.stringify(json).slice(0, 300)}`);
  return { client: performance.now() - t, server };
}

/** Signs `count` records (bench/clr.ts, with tsx), then verifies each once; p50/p90/p99. */
export async function clrVerification(worker, count = 40) {
  const records = JSON.parse(
    execFileSync('npx', ['tsx', 'bench/clr.ts', String(count + 1), '40'], { encoding: 'utf8', maxBuffer: 256 << 20 }),
  );
  const bytes = JSON.stringify(records[0]).length;
  const first = await verifyOnce(worker, records.pop(), 0);
  const client = [];
  const server = [];
  for (const [i, r] of records.entries()) {
    const t = await verifyOnce(worker, r, i + 1);
    client.push(t.client);
    server.push(t.server);
  }
  const q = (xs, p) => quantile(xs, p).toFixed(1);
  return {
    count: records.length,
    bytes,
    first: first.server.toFixed(1),
    p50: q(client, 0.5),
    p99: q(client, 0.99),
    serverP50: q(server, 0.5),
    serverP90: q(server, 0.9),
    serverP99: q(server, 0.99),
  };
}
