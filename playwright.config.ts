import { defineConfig, devices } from '@playwright/test';
import { TEST_VARS } from './scripts/lib/local-vars.mjs';

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
    baseURL: 'http://127.0.0.1:8787',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'npm run db:migrate && node scripts/start.mjs',
    // Ready when start.mjs has created the demo data, not merely when the Worker answers.
    wait: { stdout: /Lanyard is running/ },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // The Worker hashes new passwords at the test cost (issue 34, item 3), as the integration tests do.
    // At 127.0.0.1, the tests' address (scripts/lib/local-vars.mjs); passkeys.spec opens localhost.
    env: { CLOUDFLARE_CF_FETCH_ENABLED: 'false', LANYARD_HOST: '127.0.0.1', ...TEST_VARS },
  },
});
