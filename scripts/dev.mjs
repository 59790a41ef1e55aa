// `npm run dev`: astro dev (Vite, hot reload) on 127.0.0.1:4321 (or $PORT), with the local values of
// the variables wrangler.toml keeps for production. The Cloudflare Vite plugin has no `--var`: it reads
// .dev.vars or, when there is none, .env files plus this process's environment if
// CLOUDFLARE_INCLUDE_PROCESS_ENV is set. So the values travel in the environment. A .dev.vars (kept
// for SMTP secrets, say) wins over them and must then hold them too.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { localVars } from './lib/local-vars.mjs';

// The Worker reads the non-English catalogues from its assets (public/i18n, issue 37).
execFileSync(process.execPath, ['scripts/catalogues.mjs'], { stdio: 'inherit' });

const PORT = Number(process.env.PORT ?? 4321);
if (existsSync('.dev.vars'))
  console.warn('astro dev reads its variables from .dev.vars, not scripts/lib/local-vars.mjs.');
const astro = spawn('npx', ['astro', 'dev', '--host', '127.0.0.1', '--port', String(PORT), ...process.argv.slice(2)], {
  env: {
    ...process.env,
    ...localVars(PORT),
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    ASTRO_TELEMETRY_DISABLED: '1',
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => astro.kill(signal));
astro.on('exit', (code) => process.exit(code ?? 0));
