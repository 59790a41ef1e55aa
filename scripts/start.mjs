// `npm start` (after build and migrations): serves the built Worker on workerd and, once it
// answers, creates the demo data through the issuer API (idempotent), then prints what a newcomer
// needs. Stops the Worker when stopped itself.
import { seedDemo } from './demo-seed.mjs';
import { newDevSqlToken } from './lib/dev-sql.mjs';
import { chainVars, LOCAL_HOST, localVars, portalVars } from './lib/local-vars.mjs';
import { startAnvil } from './lib/anvil.mjs';
import { DEMO_PORTAL_USERS, startPortal } from './lib/portal.mjs';
import { startStandIn } from './lib/stand-in.mjs';
import { spawnWranglerDev, writePrivateFile } from './lib/wrangler-dev.mjs';
import { readFileSync } from 'node:fs';

const PORT = Number(process.env.PORT ?? 8787);
// The address people open and mails carry (localhost: see local-vars.mjs); the browser tests set
// LANYARD_HOST=127.0.0.1. wrangler listens on 127.0.0.1, which localhost reaches.
const HOST = process.env.LANYARD_HOST ?? LOCAL_HOST;
const base = `http://${HOST}:${PORT}`;
const devToken = newDevSqlToken(PORT);
// The local EVM chain Blockcerts badges are anchored on (issue 19); its state file keeps yesterday's
// anchors, so credentials issued before a restart still verify.
const anvil = await startAnvil({
  port: Number(process.env.ANVIL_PORT ?? 8545),
  stateFile: '.wrangler/anvil-state.json',
});
// The local portal (issue 20): a real OpenID provider Lanyard signs type-1 users in with. Its client
// secret is new each run; it reaches the Worker through the vars file and is kept, like the dev SQL
// token, only in .wrangler/ (git-ignored, mode 600) for the browser tests, which add people to this local
// portal with it (POST /__test/users), so no two tests share a portal account.
const portal = await startPortal({
  port: Number(process.env.PORTAL_PORT ?? 8795),
  walletBases: [base],
  testUsers: true,
}).catch(async (err) => {
  await anvil.stop();
  throw err;
});
writePrivateFile('.wrangler/portal.json', JSON.stringify({ issuer: portal.issuer, clientSecret: portal.clientSecret }));
// wrangler.toml holds production's values; the local ones (development, dev mailbox, this address,
// the chain, the portal, the dev SQL token) come here, in a mode-600 file, never on the command line.
// PASSWORD_HASH_COST comes from the environment: Playwright sets it (TEST_VARS), `npm start` does not.
const cost = process.env.PASSWORD_HASH_COST ? { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST } : {};
// The browser tests (LANYARD_STAND_IN=1) get stand-ins for the public issuers of 1EdTech's fixtures
// (scripts/lib/stand-in.mjs); `npm start` reaches the real ones.
const standIn = process.env.LANYARD_STAND_IN === '1' ? await startStandIn() : null;
const vars = {
  ...localVars(PORT, HOST),
  ...chainVars(anvil.url),
  ...portalVars(portal, base),
  ...devToken,
  ...cost,
  ...standIn?.vars,
};
const worker = spawnWranglerDev(PORT, vars, [], {
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  // Same process group as this script: whoever stops us (Ctrl-C, Playwright) stops wrangler too.
  stdio: 'inherit',
});
const stop = () => (worker.kill('SIGTERM'), void anvil.stop(), void portal.stop(), void standIn?.stop());
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stop(), process.exit(0)));
worker.on(
  'exit',
  (code) => void Promise.all([anvil.stop(), portal.stop(), standIn?.stop()]).then(() => process.exit(code ?? 0)),
);

const deadline = Date.now() + 180_000;
for (;;) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    console.error('The Worker did not answer within 180 s.');
    stop();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}

/** The nightly Blockcerts batch, run once by hand (POST /api/dev/anchor), so the demo's blockchain badge is Accepted. */
async function anchorOnce() {
  const token = readFileSync(`.wrangler/dev-sql-token-${PORT}`, 'utf8').trim();
  const res = await fetch(`${base}/api/dev/anchor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ wait_ms: 30_000 }),
  });
  const json = await res.json().catch(() => null);
  return json?.outcome ?? { state: `HTTP ${res.status}` };
}

try {
  const demo = await seedDemo(base);
  const anchored = await anchorOnce();
  if (anchored.error) console.error('The Blockcerts batch stopped:', anchored.error);
  console.log(`
Lanyard is running: ${base}/ns/portal/openbadge/
  demo recipient: ${demo.recipient.email} / password ${demo.recipient.password}
${demo.issuers.map((i) => `  issuer "${i.name}": id ${i.issuer_id}, API key ${i.api_key}`).join('\n')}
  (saved in .wrangler/demo.json; API docs at ${base}/api/docs)
  local chain (anvil): ${anvil.url}; nightly Blockcerts batch: ${anchored.state} (run again: POST /api/dev/anchor)
  local portal (OpenID provider): ${portal.issuer} — "Sign in with Lanyard Portal" on the login page
${DEMO_PORTAL_USERS.map((u) => `    portal user: ${u.email} / ${u.password}${u.email_verified ? '' : ' (email not verified)'}`).join('\n')}
`);
} catch (err) {
  console.error('Demo data could not be created:', err);
  stop();
  process.exit(1);
}
