import { createRequire } from 'node:module';

/*
 * The reference Blockcerts verifier, @blockcerts/cert-verifier-js 6.35.0, for the node side of
 * the tests, interop and browser (it does not run in workerd). Its explorer is our own, reading the local anvil; while it
 * runs, every outbound request is held to 127.0.0.1, so no step passes by asking a public explorer.
 */
const RPC = process.env.ANVIL_URL ?? `http://127.0.0.1:${process.env.ANVIL_PORT ?? 8545}`;

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

/** The fetch of the test process, before the guard. */
export const realFetch = globalThis.fetch;
/** Every URL the reference verifier asked for. */
export const outbound: string[] = [];

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

async function runVerifier(json: Obj) {
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

/** explorer-lookup's request() turns http:// into https://: loopback is mapped back, the rest refused. */
function guardedFetch(input: string | URL | Request, init?: RequestInit) {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = raw.replace(/^https:\/\/127\.0\.0\.1:/, 'http://127.0.0.1:');
  outbound.push(url);
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) return Promise.reject(new TypeError(`blocked outbound fetch: ${url}`));
  return realFetch(url, init);
}

/** Verifies a credential with the reference verifier: its status and the steps that passed or failed. */
export async function referenceVerify(json: Record<string, unknown>) {
  globalThis.fetch = guardedFetch as typeof fetch;
  try {
    return await runVerifier(json);
  } finally {
    globalThis.fetch = realFetch;
  }
}
