import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import { addressOf } from '../../src/server/chain/sign';

// The nightly Blockcerts batch anchors on the real anvil of tests/support/anvil-node.ts. Each test
// file signs with its own freshly funded key, so files running in parallel never race for a nonce.
const anvilUrl = inject('anvilUrl');
const key = `0x${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
await fetch(anvilUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'anvil_setBalance',
    params: [addressOf(key), '0x56bc75e2d63100000'],
  }),
});
Object.assign(env, {
  CHAIN_RPC_URL: anvilUrl,
  CHAIN_NETWORK: 'sepolia',
  CHAIN_CONFIRMATIONS: '1',
  CHAIN_PRIVATE_KEY: key,
});
