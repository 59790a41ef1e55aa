import { E2E_BASE } from '../../scripts/lib/e2e-server.mjs';

/** Fails at once, and says why, when the Worker these tests talk to is not running. */
export default async function workerUp(): Promise<void> {
  const up = await fetch(`${E2E_BASE}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!up) throw new Error(`No Worker answers at ${E2E_BASE}: run these with \`npm run test:interop\`.`);
}
