import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localVars, TEST_VARS } from './scripts/lib/local-vars.mjs';

/*
 * Which integration files need which real servers on 127.0.0.1 (issue 34, item 2): each group is
 * a project of its own, so that a file starts only the servers it uses (`npx vitest run --project
 * integration` starts none). A file that needs a server and is not listed fails at once: its
 * inject() has nothing to read, or its requests find no one listening.
 */
const SERVERS = {
  // Stand-ins for other issuers, their DNS (DoH) and stores, and the SMTP and HTTP mail servers.
  outbound: ['./tests/support/issuer-servers.ts', './tests/support/mail-servers.ts'],
  // An EVM node (anvil) for the nightly Blockcerts batch, and the issuers whose anchors it reads.
  chain: ['./tests/support/anvil-node.ts', './tests/support/issuer-servers.ts'],
  // Issue 20: a real OpenID provider (the local portal), a rogue one for the attack tests, and a
  // stand-in store the attacks try to reach.
  portal: [
    './tests/support/portal-provider.ts',
    './tests/support/rogue-provider.ts',
    './tests/support/issuer-servers.ts',
  ],
};
const FILES = {
  outbound: [
    'allowed-origins',
    'clr-recheck',
    'conformance',
    'credential-formats',
    'data-model',
    'export-import-limits',
    'export-import',
    'import-links',
    'import',
    'issuer-identity',
    'key-rotation',
    'mail-transports',
    'ob2-spec-valid',
    'ob3-endorsements',
    'ob3-import',
    'ob3-issuer-binding',
    'ob3-verify',
    'outbound',
    'reverify-revocation',
    'verify-fuzz',
    'verify-public-host',
    'verify',
  ],
  // Files that run the nightly or sweep jobs (which anchor) or read anchors.
  chain: [
    'blockcerts-import',
    'blockcerts-verify',
    'chaos-queue',
    'notifications',
    'outbox',
    'read-your-writes',
    'receive-link',
  ],
  // The nightly batch's own tests switch their node's mining off and on and drop transactions from
  // its pool: they get an anvil of their own, so that no other file's anchor waits in a pool that
  // does not mine, or is replaced there (a Blockcerts test read its anchor as not mined, E995, when
  // the two ran side by side on one node).
  anchoring: ['anchoring'],
  portal: ['portal-attacks', 'portal-provider', 'portal-sessions', 'portal-signin', 'type1-page-guard'],
};
const paths = (names: string[]) => names.map((n) => `tests/integration/${n}.test.ts`);

/** Routes, repos and jobs inside workerd against real local D1/R2/Queues, with `servers`. */
function workersProject(name: string, include: string[], exclude: string[], servers: string[], setup: string[]) {
  return {
    plugins: [
      cloudflareTest(async () => ({
        // Astro's virtual modules exist only inside astro build, so tests run the API entry.
        main: './tests/integration/entry.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // wrangler.toml's [vars] are production's; tests run with the local ones, as `npm start`
          // does, and hash passwords at the test cost.
          bindings: {
            // The tests' address: their mails and links are checked against 127.0.0.1.
            ...localVars(8787, '127.0.0.1'),
            ...TEST_VARS,
            TEST_MIGRATIONS: await readD1Migrations('./migrations'),
            LOG_LEVEL: 'error',
          },
          // wrangler.toml's consumers wait up to 1 s to fill a batch, which a test waiting for a
          // job (a mail, a PDF, each step of an export) pays every time. Tests keep the batch
          // sizes, retries and dead letters, and wait at most 20 ms.
          // The renderer Worker is this test Worker's own named export (tests/integration/entry.ts):
          // the pool points a binding that names its own Worker back at itself.
          serviceBindings: { RENDERER: { name: 'lanyard', entrypoint: 'Renderer' } },
          queueConsumers: {
            'lanyard-jobs': {
              maxBatchSize: 10,
              maxBatchTimeout: 0.02,
              maxRetries: 5,
              deadLetterQueue: 'lanyard-jobs-dlq',
            },
            'lanyard-jobs-dlq': { maxBatchSize: 10, maxBatchTimeout: 0.02 },
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude,
      globalSetup: servers,
      setupFiles: ['./tests/integration/setup.ts', ...setup],
      // One runtime per vitest worker, shared by its files: the app is loaded and the migrations
      // applied once, not once per file (they were half of the stage's time). setup.ts gives
      // each file an empty database and bucket, rate limits and a queue of its own.
      isolate: false,
      // Tests drive real servers and several Argon2id hashes; on a busy 2-core machine a few
      // take close to 5 s (one failed CI at 5.01 s), so they get 30 s before they count as hung.
      testTimeout: 30_000,
    },
  };
}

/**
 * Projects: pure code in node; routes, repos and jobs inside workerd, split by the servers they
 * need; React islands in happy-dom. Playwright covers pages (playwright.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      workersProject('integration', ['tests/integration/**/*.test.ts'], Object.values(FILES).flatMap(paths), [], []),
      workersProject('integration:outbound', paths(FILES.outbound), [], SERVERS.outbound, []),
      workersProject('integration:chain', paths(FILES.chain), [], SERVERS.chain, [
        './tests/integration/setup-chain.ts',
      ]),
      workersProject('integration:anchoring', paths(FILES.anchoring), [], SERVERS.chain, [
        './tests/integration/setup-chain.ts',
      ]),
      workersProject('integration:portal', paths(FILES.portal), [], SERVERS.portal, [
        './tests/integration/setup-portal.ts',
      ]),
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
