import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localVars, TEST_VARS } from './scripts/lib/local-vars.mjs';

/**
 * Three projects: pure code in node, routes/repos/jobs inside workerd against real local
 * D1/R2/Queues, and React islands in happy-dom. Playwright covers pages (playwright.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            // Astro's virtual modules exist only inside astro build, so tests run the API entry.
            main: './tests/integration/entry.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // wrangler.toml's [vars] are production's; tests run with the local ones, as `npm start`
              // does, and hash passwords at the test cost.
              bindings: {
                ...localVars(8787),
                ...TEST_VARS,
                TEST_MIGRATIONS: await readD1Migrations('./migrations'),
                LOG_LEVEL: 'error',
              },
            },
          })),
        ],
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Real servers on 127.0.0.1: SMTP and HTTP mail, stand-ins for other issuers and DoH, an EVM node (anvil), OpenID providers.
          globalSetup: [
            './tests/support/mail-servers.ts',
            './tests/support/issuer-servers.ts',
            './tests/support/anvil-node.ts',
            // Issue 20: a real OpenID provider (the local portal) and a rogue one for the attack tests.
            './tests/support/portal-provider.ts',
            './tests/support/rogue-provider.ts',
          ],
          setupFiles: ['./tests/integration/setup.ts'],
          // Tests drive real servers and several Argon2id hashes; on a busy 2-core machine a few
          // take close to 5 s (one failed CI at 5.01 s), so they get 30 s before they count as hung.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['./tests/components/setup.ts'],
        },
      },
    ],
  },
});
