import { defineConfig } from 'vitest/config';

/*
 * The interop tests (issue 34, item 5): reference verifiers (cert-verifier-js, verifier-core) that
 * run in node check what the running Worker issues and serves. They drive no page, so they run here
 * beside the browser tests, not in a Playwright worker; `npm run test:interop` runs them alone. They
 * need the e2e Worker (scripts/lib/e2e-server.mjs), so `vitest run` with the main config leaves them out.
 */
export default defineConfig({
  test: {
    name: 'interop',
    environment: 'node',
    include: ['tests/interop/**/*.test.ts'],
    globalSetup: ['./tests/interop/worker-up.ts'],
    // Anchoring waits for blocks and the verifiers read the chain and the Worker: minutes, not seconds.
    testTimeout: 180_000,
  },
});
