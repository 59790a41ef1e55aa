import { mkdirSync, writeFileSync } from 'node:fs';
import { startDemoSession } from './session';

/** Two demo sessions: one for pages that stay signed in, one that a test signs out. */
export default async function globalSetup(): Promise<void> {
  mkdirSync('.wrangler/e2e', { recursive: true });
  writeFileSync(
    '.wrangler/e2e/sessions.json',
    JSON.stringify({ stay: await startDemoSession(), signOut: await startDemoSession() }),
  );
}
