// The Worker isolate's memory, read through the runtime's inspector (Chrome DevTools Protocol) that
// wrangler dev opens with --inspector-port, for the memory benches (export-memory.mjs,
// import-memory.mjs). Runtime.getHeapUsage answers the JavaScript heap (usedSize) and, in the
// workerd of this project, the ArrayBuffers' backing stores apart (backingStorageSize): both count
// toward Cloudflare's 128 MB per isolate, unlike the process RSS, which also holds the local D1
// (SQLite), R2 and the runtime itself.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function until(what, check, ms = 600_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A DevTools Protocol session on the Worker's isolate (wrangler's inspector proxy on `port`). */
export async function inspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error('no inspectable Worker');
  // The inspector proxy refuses a socket without a local Origin (its DNS-rebinding guard); Node's
  // WebSocket (undici) takes extra headers in its second argument.
  const ws = new globalThis.WebSocket(target.webSocketDebuggerUrl, { headers: { origin: 'http://127.0.0.1' } });
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  let next = 1;
  const waiting = new Map();
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data));
    waiting.get(msg.id)?.(msg.result);
    waiting.delete(msg.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  // The proxy can drop what is sent before it has reached the runtime: ask until it answers.
  for (let tries = 0; ; tries++) {
    const answer = await Promise.race([call('Runtime.getHeapUsage'), sleep(1000)]);
    if (answer) break;
    if (tries === 30) throw new Error('the inspector does not answer');
  }
  return { call, close: () => ws.close() };
}

/**
 * A full collection in the Worker's isolate. The runtime runs HeapProfiler.collectGarbage (and
 * answers it) only when the isolate next wakes, so a request wakes it (GET /api/health).
 */
export async function collectGarbage(devtools, base) {
  const done = devtools.call('HeapProfiler.collectGarbage');
  await fetch(`${base}/api/health`);
  await done;
}

const parentOf = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};
const argsOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};

/**
 * The workerd process running the Worker of the wrangler dev serving `port` (Linux /proc: a workerd
 * descending from the wrangler started with that port), or null where that cannot be read.
 */
export function workerdOf(port) {
  try {
    const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    const wrangler = pids.find((p) => {
      const a = argsOf(p);
      return a.some((x) => x.includes('wrangler')) && a[a.indexOf('--port') + 1] === String(port);
    });
    if (!wrangler) return null;
    const descends = (p) => {
      for (let at = Number(p); at > 1; at = parentOf(at)) if (at === Number(wrangler)) return true;
      return false;
    };
    // wrangler runs two: the Worker's own, and a proxy that holds the public port.
    const proxy = (p) => argsOf(p).some((x) => x.endsWith(`=127.0.0.1:${port}`));
    return pids.find((p) => argsOf(p)[0]?.endsWith('workerd') && descends(p) && !proxy(p)) ?? null;
  } catch {
    return null;
  }
}

const statusKb = (pid, field) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? NaN) * 1024;

/** The process's resident memory now, and its peak since the last resetPeak (bytes). */
export const rss = (pid) => ({ now: statusKb(pid, 'VmRSS'), peak: statusKb(pid, 'VmHWM') });

/** Starts the process's peak resident memory afresh (Linux: clear_refs 5); false where refused. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
