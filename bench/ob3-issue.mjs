// Issue 21: what issuing's OB 3.0 form costs. An award now also takes a status-list slot in its own
// D1 batch (three statements); the credential itself is signed on first use (a download, the API
// or GET /credentials/:id) and then kept. Measured one request at a time against the running Worker.
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';

const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const figures = (xs) => ({ count: xs.length, p50: quantile(xs, 0.5).toFixed(1), p99: quantile(xs, 0.99).toFixed(1) });

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function get(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  await res.arrayBuffer();
}

/**
 * Awards `count` single-recipient badges (client time of POST /awards), then reads each award's
 * OB 3.0 credential twice (first: built and signed; second: the kept copy), and re-signs the
 * status list after each of 50 revocations. `credentials: false` measures the awards alone, for a
 * run against a tree without OB 3.0 issuing.
 */
export async function ob3IssueFigures(base, fixture, { count = 200, credentials = true } = {}) {
  const tag = `ob3i${Date.now().toString(36)}`;
  const award = [];
  const ids = [];
  // Warm-up: the first award of an isolate pays for module set-up.
  await api(base, '/awards', fixture.key, { badge_class_id: fixture.bc, recipients: [`${tag}-w@example.test`] });
  for (let i = 0; i < count; i++) {
    let id;
    award.push(
      await timed(async () => {
        const r = await api(base, '/awards', fixture.key, {
          badge_class_id: fixture.bc,
          recipients: [`${tag}-${i}@example.test`],
        });
        id = r.assertions[0].assertion_id;
      }),
    );
    ids.push(id);
  }
  const out = { award: figures(award) };
  if (!credentials) return out;
  const first = [];
  const kept = [];
  const url = (id) => `${base}/api/v1.0/openBadge/v3/credentials/${id}`;
  for (const id of ids) first.push(await timed(() => get(url(id))));
  for (const id of ids) kept.push(await timed(() => get(url(id))));
  const credential = await (await fetch(url(ids[0]))).json();
  const list = credential.credentialStatus.statusListCredential;
  const resign = [];
  for (const id of ids.slice(0, 50)) {
    await api(base, `/assertions/${id}/revoke`, fixture.key, { reason: 'bench' });
    resign.push(await timed(() => get(list)));
  }
  return { ...out, first: figures(first), kept: figures(kept), resign: figures(resign) };
}
