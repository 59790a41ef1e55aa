import { expect } from 'vitest';

/*
 * Issue 36, item 1: the verify report of every corpus case, held in a file snapshot while the
 * verifier is reshaped by format. Each corpus file records the reports its tests get (by test name
 * and order within the test) and compares them in its last test. What differs from run to run is
 * normalised: the stand-in servers' ports, instants near the run's own time, fresh did:key and
 * urn:uuid values, the test helpers' unique names, and very long strings (kept as length and hash). Checks that skipped are left
 * out: which of them are listed is not part of the answer, what ran and what it found is.
 */

type Obj = Record<string, unknown>;
const rows = new Map<string, Map<string, unknown>>();
const counts = new Map<string, number>();

const NEAR = 2 * 366 * 86_400_000;
const hash = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
};

function normaliseText(s: string): string {
  let t = s
    .replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:PORT')
    .replace(/did:key:z[1-9A-HJ-NP-Za-km-z]+/g, 'did:key:KEY')
    .replace(/urn:uuid:[0-9a-f-]{36}/gi, 'urn:uuid:UUID')
    .replace(/\b([a-z]+)-[a-z0-9]{8}-\d+-[a-z0-9]{1,6}\b/g, '$1-ID')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, (iso) =>
      Math.abs(Date.parse(iso) - Date.now()) < NEAR ? 'NEAR-NOW' : iso,
    );
  if (t.length > 160) t = `<${t.length} chars ${hash(t)}>`;
  return t;
}

function normalise(v: unknown): unknown {
  if (typeof v === 'string') return normaliseText(v);
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object') {
    const out: Obj = {};
    for (const k of Object.keys(v as Obj).sort()) out[k] = normalise((v as Obj)[k]);
    return out;
  }
  return v;
}

/** What a report says, without the skipped checks. */
function shapeOf(report: unknown): unknown {
  if (!report || typeof report !== 'object') return report;
  const { checks, ...rest } = report as Obj;
  if (!Array.isArray(checks)) return rest;
  const ran = (checks as Obj[])
    .filter((c) => c['outcome'] !== 'skip')
    .map((c) => `${String(c['check'])} ${String(c['outcome'])}${c['code'] ? ` ${String(c['code'])}` : ''}`);
  return { ...rest, checks: ran };
}

/** Records one report (an API answer or verifyBadge's) under the running test; returns it unchanged. */
export function recordReport<T>(report: T, http?: number): T {
  const state = expect.getState();
  const file = state.testPath ?? '?';
  const test = state.currentTestName ?? '?';
  const key = `${file} ${test}`;
  const n = (counts.get(key) ?? 0) + 1;
  counts.set(key, n);
  const mine = rows.get(file) ?? new Map<string, unknown>();
  rows.set(file, mine);
  mine.set(`${test} #${n}`, http === undefined ? shapeOf(report) : { http, report: shapeOf(report) });
  return report;
}

/** Compares this file's recorded reports with its snapshot under __snapshots__ (written once with -u). */
export async function matchReports(name: string) {
  const file = expect.getState().testPath ?? '?';
  const recorded = rows.get(file) ?? new Map();
  expect(recorded.size).toBeGreaterThan(0);
  const text = `${JSON.stringify(normalise(Object.fromEntries(recorded)), null, 1)}\n`;
  await expect(text).toMatchFileSnapshot(`./__snapshots__/${name}.reports.json`);
}
