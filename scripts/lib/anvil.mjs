// Starts a local anvil (Foundry's EVM node, from the @foundry-rs/anvil devDependency) for
// `npm start`, Playwright and vitest's globalSetup. The chain id is Sepolia's, so anchors read
// `blink:eth:sepolia:0x…` and Blockcerts verifiers know the network name (a public verifier then
// looks on the real Sepolia and reports "not found", which is right for a dev credential).
// The wrapper bin.mjs is spawned directly, not through npx: it forwards SIGTERM to the binary,
// while killing an npx pid would leave the node running.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../node_modules/@foundry-rs/anvil/bin.mjs', import.meta.url));

/** anvil's deterministic account 0: the issuing key of development and tests, never of production. */
export const ANVIL_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const ANVIL_ADDRESS_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const SEPOLIA_CHAIN_ID = 11155111;

/** A free TCP port on 127.0.0.1 (several test runs may share the machine, so no fixed port). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts anvil on 127.0.0.1:`port` (a free one when omitted) with one block a second, so
 * confirmations progress without traffic. `stateFile` keeps the chain across restarts (loaded on
 * start, written on exit), so credentials anchored yesterday still verify in `npm start`.
 * Resolves once `eth_chainId` answers; `stop()` ends the process and waits for it.
 */
export async function startAnvil({ port, stateFile, blockTime = 1, timeoutMs = 20_000 } = {}) {
  const p = port ?? (await freePort());
  const args = ['--host', '127.0.0.1', '--port', String(p), '--chain-id', String(SEPOLIA_CHAIN_ID), '--silent'];
  if (blockTime) args.push('--block-time', String(blockTime));
  if (stateFile) args.push('--state', stateFile);
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${p}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr.trim()}`);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      const body = await res.json();
      if (Number(body.result) === SEPOLIA_CHAIN_ID) return { url, port: p, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer on ${url} within ${timeoutMs} ms: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
