// The values a local Worker runs with. wrangler.toml holds production's (ENVIRONMENT=production, no
// localhost address), so every local tool passes these instead: scripts/start.mjs, scripts/preview.mjs
// and scripts/lib/built-worker.mjs in a mode-600 file (scripts/lib/wrangler-dev.mjs; never on the command line),
// scripts/dev.mjs through the environment, and vitest.config.ts as miniflare bindings. One list, so
// the tools cannot drift apart.

import { ANVIL_KEY_0 } from './anvil.mjs';

/**
 * The host a local wallet is opened at: `localhost`, where every feature works (an IP address cannot
 * hold passkeys; issue 35, item 4). The tests ask for 127.0.0.1 (`LANYARD_HOST`): their pages, cookies
 * and mail checks use it, and so the page that says why passkeys need the other address is tried too.
 */
export const LOCAL_HOST = 'localhost';

/** Local values of the variables production sets differently, for a Worker served at `host`:`port`. */
export function localVars(port = 8787, host = LOCAL_HOST) {
  return {
    PUBLIC_BASE_URL: `http://${host}:${port}`,
    ENVIRONMENT: 'development',
    // Mail lands in D1 and is read at /dev/mailbox; production refuses this transport.
    MAIL_TRANSPORT: 'devbox',
    MAIL_FROM: 'Lanyard <no-reply@lanyard.localhost>',
  };
}

/**
 * What the test runs add to the local values (issue 34, item 3): new password hashes at Argon2id's
 * least cost, since each sign-in of a test would otherwise spend tens of milliseconds of a core (and
 * far more on a busy machine). vitest.config.ts adds it to the integration tests' bindings and
 * playwright.config.ts to the Worker it starts; `npm start`, `npm run dev` and the benchmark keep the
 * full cost, and production refuses the setting (src/server/accounts/password-cost.ts).
 */
export const TEST_VARS = { PASSWORD_HASH_COST: 'test' };

/**
 * The Blockcerts chain of a local Worker (issue 19): the anvil started by scripts/lib/anvil.mjs
 * (Sepolia's chain id, so anchors read blink:eth:sepolia:…), one confirmation, and anvil's
 * well-known account 0 as the issuing key. Production sets CHAIN_RPC_URL / CHAIN_NETWORK /
 * CHAIN_CONFIRMATIONS in wrangler.toml and the key as a secret.
 */
export function chainVars(rpcUrl) {
  return {
    CHAIN_RPC_URL: rpcUrl,
    CHAIN_NETWORK: 'sepolia',
    CHAIN_CONFIRMATIONS: '1',
    CHAIN_PRIVATE_KEY: ANVIL_KEY_0,
  };
}

// portalVars lives apart, free of Node imports, so the workerd tests' setup can import it too.
export { portalVars } from '../portal/vars.mjs';
