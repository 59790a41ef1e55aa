// Verification figures: hosted verification against the sum of its unavoidable sequential fetches, and
// signed verification with the issuer's key cached. Stand-in issuers run here on 127.0.0.1 and the
// Worker reaches them through OUTBOUND_TEST_ALLOW (a development-only setting).
import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';

const OB = 'https://w3id.org/openbadges/v2';
const RECIPIENT = { type: 'email', hashed: false, identity: 'bench@example.test' };
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** An issuer host answering after `delay` ms: hosted documents under /h/, signed ones under /s/. */
function issuerServer(delay) {
  const server = createServer((req, res) => {
    const base = `http://${req.headers.host}`;
    const path = new URL(req.url ?? '/', base).pathname;
    const docs = {
      '/h/badge.json': {
        type: 'BadgeClass',
        id: `${base}/h/badge.json`,
        name: 'Bench Hosted',
        description: 'x',
        image: `${base}/i.png`,
        criteria: { narrative: 'x' },
        issuer: `${base}/h/issuer.json`,
      },
      '/h/issuer.json': {
        type: 'Issuer',
        id: `${base}/h/issuer.json`,
        name: 'Bench Issuer',
        url: base,
        email: 'badges@bench.example',
      },
      '/s/badge.json': {
        type: 'BadgeClass',
        id: `${base}/s/badge.json`,
        name: 'Bench Signed',
        description: 'x',
        image: `${base}/i.png`,
        criteria: { narrative: 'x' },
        issuer: `${base}/s/issuer.json`,
      },
      '/s/issuer.json': {
        type: 'Issuer',
        id: `${base}/s/issuer.json`,
        name: 'Bench Issuer',
        url: base,
        email: 'badges@bench.example',
        publicKey: `${base}/s/key.json`,
        revocationList: `${base}/s/list.json`,
      },
      '/s/key.json': {
        type: 'CryptographicKey',
        id: `${base}/s/key.json`,
        owner: `${base}/s/issuer.json`,
        publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }),
      },
      '/s/list.json': {
        type: 'RevocationList',
        id: `${base}/s/list.json`,
        issuer: `${base}/s/issuer.json`,
        revokedAssertions: ['urn:uuid:00000000-0000-4000-8000-000000000000'],
      },
    };
    let doc = docs[path];
    if (!doc && /^\/h\/a\/\d+\.json$/.test(path))
      doc = {
        type: 'Assertion',
        id: `${base}${path}`,
        recipient: RECIPIENT,
        badge: `${base}/h/badge.json`,
        issuedOn: '2025-01-01T00:00:00Z',
        verification: { type: 'HostedBadge' },
      };
    setTimeout(() => {
      if (!doc) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/ld+json' }).end(JSON.stringify({ '@context': OB, ...doc }));
    }, delay);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` })),
  );
}

export async function startIssuers(delay) {
  return { slow: await issuerServer(delay), fast: await issuerServer(0), delay };
}

const b64url = (s) => Buffer.from(s).toString('base64url');
function signedBadge(base, n) {
  const payload = {
    '@context': OB,
    type: 'Assertion',
    id: `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    recipient: RECIPIENT,
    badge: `${base}/s/badge.json`,
    issuedOn: '2025-01-01T00:00:00Z',
    verification: { type: 'SignedBadge', creator: `${base}/s/key.json` },
  };
  const input = `${b64url(JSON.stringify({ alg: 'RS256' }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${sign('sha256', Buffer.from(input), keys.privateKey).toString('base64url')}`;
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

/** POST Public/Verification; every request from its own address, as many visitors would be (the per-address throttle is not what is measured). */
async function verify(worker, body, n) {
  const t = performance.now();
  const res = await fetch(`${worker}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'cf-connecting-ip': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({ ...body, verification_mail: ['bench@example.test'] }),
  });
  const json = await res.json();
  const server = Number(/verify;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  if (json.badge_pass !== true) throw new Error(`verification did not pass: ${JSON.stringify(json).slice(0, 300)}`);
  return { client: performance.now() - t, server };
}

/**
 * Hosted: assertion -> badge class -> issuer are three fetches that depend on each other. Their sum
 * is measured from here against the same slow host; the verification's wall time is compared with it.
 */
export async function hostedVerification(worker, issuers, count = 40) {
  const sums = [];
  const walls = [];
  for (let i = 0; i < count; i++) {
    let t = performance.now();
    for (const p of [`/h/a/${i}.json`, '/h/badge.json', '/h/issuer.json'])
      await (await fetch(`${issuers.slow.base}${p}`)).text();
    sums.push(performance.now() - t);
    walls.push(
      (await verify(worker, { input_type: 'url', url: `${issuers.slow.base}/h/a/${100000 + i}.json` }, i)).client,
    );
  }
  const sum = quantile(sums, 0.5);
  const wall = quantile(walls, 0.5);
  return {
    count,
    delay: issuers.delay,
    sum: sum.toFixed(1),
    wall: wall.toFixed(1),
    wallP90: quantile(walls, 0.9).toFixed(1),
    ratio: (wall / sum).toFixed(2),
  };
}

/** Signed: every badge distinct (no result cache), the issuer's key cached after the first. */
export async function signedVerification(worker, issuers, count = 1000) {
  await verify(worker, { input_type: 'jws', jws: signedBadge(issuers.fast.base, 999999) }, 0);
  const badges = Array.from({ length: count }, (_, i) => signedBadge(issuers.fast.base, i + 1));
  const client = [];
  const server = [];
  for (let i = 0; i < count; i++) {
    const t = await verify(worker, { input_type: 'jws', jws: badges[i] }, 5000 + i);
    client.push(t.client);
    server.push(t.server);
  }
  const q = (xs, p) => quantile(xs, p).toFixed(1);
  return { count, p50: q(client, 0.5), p99: q(client, 0.99), serverP50: q(server, 0.5), serverP99: q(server, 0.99) };
}
