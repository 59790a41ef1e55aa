// Issue 38: verifying a CLR 2.0 record of 40 course credentials from 3 schools through
// Public/Verification: the record's own proof and each nested proof. Each record is distinct (no
// verification cache hit) and verified once; the server's own time is Server-Timing `verify`.
import { execFileSync } from 'node:child_process';
import { issuerApi } from '../scripts/lib/issuer-api.mjs';
import { benchAccount } from './wallet-fixture.mjs';

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

const figures = (xs) => ({
  count: xs.length,
  p50: quantile(xs, 0.5).toFixed(1),
  p99: quantile(xs, 0.99).toFixed(1),
});

async function getAsIssuer(base, key, path) {
  const res = await fetch(`${base}/api/issuer/v1${path}`, { headers: { Authorization: `Bearer ${key}` } });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

/**
 * Issue 38: issuing a 40-course transcript, one document at a time: the issuing request (the row,
 * its CLR status slot, the PDF job and the mail, one batch), then the wait until its print job has
 * run (it prints the PDF and signs the CLR record it attaches: 40 course credentials, then the
 * record over them), and only then the next document, so no job shares the CPU with a timed
 * request; then each record read through the issuer API (the kept copy).
 */
export async function clrIssueFigures(base, fixture, count = 30) {
  const tag = `clri${Date.now().toString(36)}`;
  const template = await issuerApi(base, '/cert-templates', fixture.key, {
    name: `Transcript ${tag}`,
    kind: 'transcript',
    languages: ['en'],
    headings: { en: 'Academic Transcript' },
  });
  const rows = Array.from({ length: 40 }, (_, i) => ({
    course: `Course ${i + 1}`,
    credits: 3,
    grade: 'ABCD'[i % 4],
    term: `Term ${(i % 8) + 1}`,
  }));
  const issue = (i) =>
    issuerApi(base, '/acad-docs', fixture.key, {
      template_id: template.cert_template_id,
      recipient: `${tag}-${i}@example.test`,
      name: `Bench Learner ${i}`,
      title: 'Bachelor of Engineering',
      details: {},
      rows,
    });
  const printed = async (id) => {
    for (let tries = 0; tries < 1200; tries++) {
      const { acad_doc } = await getAsIssuer(base, fixture.key, `/acad-docs/${id}`);
      if (acad_doc.pdf_state !== 'pending') return acad_doc.pdf_state;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`${id}: still being printed`);
  };
  await printed((await issue('w')).acad_doc_id);
  const issued = [];
  const ready = [];
  const ids = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const id = (await issue(i)).acad_doc_id;
    issued.push(performance.now() - t);
    if ((await printed(id)) !== 'ready') throw new Error(`${id}: not printed`);
    ready.push(performance.now() - t);
    ids.push(id);
  }
  const kept = [];
  let bytes = 0;
  for (const id of ids) {
    const t = performance.now();
    bytes = JSON.stringify(await getAsIssuer(base, fixture.key, `/acad-docs/${id}/clr`)).length;
    kept.push(performance.now() - t);
  }
  return { issue: figures(issued), ready: figures(ready), kept: figures(kept), bytes };
}

/** A wallet API call with the account's cookie, as its pages make it; answers the JSON and the server's own time. */
async function walletPost(base, cookie, path, body, n) {
  const res = await fetch(`${base}/api/v1.0/openbadge/v2/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie,
      'sec-fetch-site': 'same-origin',
      'cf-connecting-ip': `10.78.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  const server = Number(/total;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { json, server };
}

/**
 * Issue 38, item 2: holding a learner record of 40 courses from 3 schools, each distinct, one at a
 * time (AddBadge: verified as a whole and each course on its own, then kept in one INSERT). The
 * import throttle allows ten a minute per account, so the records go to three accounts in turn.
 * Then one held record is published, for the public page targets (public-pages.mjs).
 */
export async function clrHoldFigures(base, perAccount = 9, accounts = 3) {
  const people = [];
  for (let a = 0; a < accounts; a++) people.push(await benchAccount(base, `clr-hold-${a}`));
  const records = JSON.parse(
    execFileSync(
      'npx',
      ['tsx', 'bench/clr.ts', String(perAccount * accounts), '40', people.map((p) => p.email).join(',')],
      {
        encoding: 'utf8',
        maxBuffer: 256 << 20,
      },
    ),
  );
  const client = [];
  const server = [];
  let publicId = null;
  for (const [i, r] of records.entries()) {
    const who = people[i % accounts];
    const t = performance.now();
    const { json, server: s } = await walletPost(base, who.cookie, 'Wallet/AddBadge', { json: JSON.stringify(r) }, i);
    client.push(performance.now() - t);
    server.push(s);
    if (json.kind !== 'record') throw new Error(`not held as a record: ${JSON.stringify(json).slice(0, 200)}`);
    publicId ??= json.assertion_id;
  }
  const first = people[0];
  await walletPost(
    base,
    first.cookie,
    'AdAssertion/SetHeldRecordStatus',
    { record_id: publicId, is_public: true },
    999,
  );
  return { client: figures(client), server: figures(server), publicId };
}
