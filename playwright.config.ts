import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE, E2E_SERVER } from './scripts/lib/e2e-server.mjs';

/** Browser tests against the built Worker on workerd, in Debian's Chromium (no browser download). */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: E2E_BASE,
    // No trace: recording one for every test (to keep it only on failure) cost 30% of the browser
    // stage's CPU, measured on two specs (241 s of CPU with it, 169 s without; screenshots alone
    // were 35 s). A failure keeps its page snapshot (error-context.md) and a screenshot; to trace a
    // failing spec, run it again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--no-first-run',
        '--disable-sync',
        '--disable-extensions',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // `npm test` starts the Worker once for the browser and the interop tests (scripts/test.mjs);
  // run alone, Playwright starts it.
  ...(process.env.LANYARD_E2E_SERVER === 'started'
    ? {}
    : {
        webServer: {
          command: E2E_SERVER.command,
          wait: { stdout: E2E_SERVER.ready },
          reuseExistingServer: !process.env.CI,
          timeout: E2E_SERVER.timeoutMs,
          env: E2E_SERVER.env,
        },
      }),
});
