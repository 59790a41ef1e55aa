// `npm run test:interop [-- files]`: the interop tests alone (issue 34, item 5). Starts the e2e
// Worker from the last build (`npm run build` first), runs vitest's interop config, and stops it.
import { spawn } from 'node:child_process';
import { startE2eServer } from './lib/e2e-server.mjs';

const server = await startE2eServer();
const vitest = spawn('npx', ['vitest', 'run', '--config', 'vitest.interop.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const code = await new Promise((done) => vitest.on('close', (c) => done(c ?? 1)));
await server.stop();
process.exit(code);
