// `npm run preview`: serves the last build (`npm run build`) with wrangler dev on 127.0.0.1:8787 (or
// $PORT), with the local values of the variables wrangler.toml keeps for production. No migrations and
// no demo data: `npm start` does those. Like `npm start`, it runs the local chain (anvil) the nightly
// Blockcerts batch anchors on. Further arguments go to wrangler dev.
import { startAnvil } from './lib/anvil.mjs';
import { chainVars, localVars } from './lib/local-vars.mjs';
import { spawnWranglerDev } from './lib/wrangler-dev.mjs';

const PORT = Number(process.env.PORT ?? 8787);
const anvil = await startAnvil({
  port: Number(process.env.ANVIL_PORT ?? 8545),
  stateFile: '.wrangler/anvil-state.json',
});
// In a mode-600 file, not on the command line (scripts/lib/wrangler-dev.mjs).
const vars = { ...localVars(PORT), ...chainVars(anvil.url) };
const worker = spawnWranglerDev(PORT, vars, process.argv.slice(2), {
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code) => void anvil.stop().then(() => process.exit(code ?? 0)));
