// Academic document PDFs (issue 18), rendered inside the Worker by the development route
// POST /api/dev/acad-pdf, which renders without storing: the time is the Worker's own
// (performance.now() around the render), not wrangler's local proxying.
import { readFileSync } from 'node:fs';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function render(base, token, body) {
  const started = performance.now();
  const res = await fetch(`${base}/api/dev/acad-pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.status !== 200) throw new Error(`acad-pdf render failed (${res.status}): ${JSON.stringify(json)}`);
  return { ...json, wall: performance.now() - started };
}

async function series(base, token, body, count) {
  const runs = [];
  for (let i = 0; i < count; i += 1) runs.push(await render(base, token, body));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  // Also timed by the client (wrangler's local proxying included): workerd's clock may stand still
  // while a request computes, so the Worker's own figure is checked against the wall clock.
  const wall = runs.map((r) => r.wall).sort((a, b) => a - b);
  return {
    count,
    p50: pct(ms, 50).toFixed(1),
    p99: pct(ms, 99).toFixed(1),
    max: ms.at(-1).toFixed(1),
    wallP50: pct(wall, 50).toFixed(1),
    wallP99: pct(wall, 99).toFixed(1),
    bytes: runs[0].bytes,
  };
}

/** A one-page certificate with Japanese, Thai and Bengali text, and a 200-row transcript. */
export async function acadPdfFigures(base, count = 100) {
  const token = readFileSync(`.wrangler/dev-sql-token-${new URL(base).port}`, 'utf8').trim();
  // Warm-up: the isolate, the module graph and the font slices the text needs.
  for (let i = 0; i < 3; i += 1) {
    await render(base, token, { kind: 'diploma', rows: 0 });
    await render(base, token, { kind: 'transcript', rows: 200 });
  }
  return {
    certificate: await series(base, token, { kind: 'diploma', rows: 0 }, count),
    transcript: await series(base, token, { kind: 'transcript', rows: 200 }, Math.ceil(count / 5)),
  };
}
