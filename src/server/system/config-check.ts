import { createLogger } from '../log';
import { chainConfig } from '../chain/config';
import { configuredProviders, portalConfigProblem } from '../portal/config';
import { parseMaintenance } from '../../lib/maintenance';
import { parseSiteLinks } from '../../lib/service-country';
import { passwordCostProblem } from '../accounts/password-cost';

/** What the check reads: the variables of wrangler.toml and the secrets a deployment needs. */
type Settings = Pick<Env, 'PUBLIC_BASE_URL' | 'ENVIRONMENT' | 'MAIL_TRANSPORT' | 'MAIL_FROM'> &
  Partial<Pick<Env, 'KEY_ENCRYPTION_KEY' | 'SMTP_HOST' | 'MAIL_HTTP_URL' | 'MAIL_HTTP_TOKEN'>> &
  Partial<Pick<Env, 'CHAIN_RPC_URL' | 'CHAIN_NETWORK' | 'CHAIN_CONFIRMATIONS' | 'CHAIN_PRIVATE_KEY'>> &
  Partial<Pick<Env, 'PORTAL_PROVIDERS' | 'PORTAL_CLIENT_SECRETS'>> &
  Partial<Pick<Env, 'MAINTENANCE_WINDOW' | 'PASSWORD_HASH_COST' | 'SITE_LINKS'>>;

const TRANSPORTS = ['devbox', 'smtp', 'http'];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Blockcerts anchoring is opted into by CHAIN_RPC_URL; once it is set, the network, the
 * confirmations and the CHAIN_PRIVATE_KEY secret must be usable too (and the URL https in production).
 */
function chainProblems(env: Settings, production: boolean): string[] {
  if (!env.CHAIN_RPC_URL) return [];
  const cfg = chainConfig(env);
  if ('problem' in cfg) return [cfg.problem];
  if (production && parse(cfg.rpcUrl)?.protocol !== 'https:') return ['CHAIN_RPC_URL must use https in production.'];
  return [];
}

/** Portal sign-in (issue 20) is opted into by PORTAL_PROVIDERS; its issuers use https in production. */
function portalProblems(env: Settings, production: boolean): string[] {
  const problem = portalConfigProblem(env);
  if (problem) return [problem];
  if (!production) return [];
  return configuredProviders(env)
    .filter((p) => parse(p.issuer)?.protocol !== 'https:')
    .map((p) => `The issuer of portal provider "${p.id}" must use https in production.`);
}

/**
 * Every setting that is missing or unusable, one sentence each; empty when the Worker may serve.
 * Without it a missing PUBLIC_BASE_URL surfaced as "Invalid URL" deep in a page, and a missing
 * ENVIRONMENT quietly meant development (the fixed development key and admin token).
 */
export function configProblems(env: Settings): string[] {
  const problems: string[] = [];
  const production = env.ENVIRONMENT === 'production';
  if (!production && env.ENVIRONMENT !== 'development')
    problems.push(`ENVIRONMENT must be "production" or "development", not ${JSON.stringify(env.ENVIRONMENT ?? null)}.`);

  const base = env.PUBLIC_BASE_URL ? parse(env.PUBLIC_BASE_URL) : null;
  if (!env.PUBLIC_BASE_URL)
    problems.push("PUBLIC_BASE_URL is not set: the wallet's public origin, such as https://wallet.example.org.");
  else if (!base || (base.protocol !== 'https:' && base.protocol !== 'http:'))
    problems.push('PUBLIC_BASE_URL is not an http(s) URL.');
  else if (base.pathname !== '/' || base.search || base.hash)
    problems.push('PUBLIC_BASE_URL must be an origin only (scheme, host and port), without a path.');
  else if (production && base.protocol !== 'https:') problems.push('PUBLIC_BASE_URL must use https in production.');

  if (!TRANSPORTS.includes(env.MAIL_TRANSPORT))
    problems.push(
      `MAIL_TRANSPORT must be smtp or http (devbox locally), not ${JSON.stringify(env.MAIL_TRANSPORT ?? null)}.`,
    );
  if (production) {
    if (env.MAIL_TRANSPORT === 'devbox')
      problems.push('MAIL_TRANSPORT "devbox" is for local use only: use smtp or http.');
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_HOST)
      problems.push('SMTP_HOST is not set (MAIL_TRANSPORT is smtp).');
    if (env.MAIL_TRANSPORT === 'http' && !(env.MAIL_HTTP_URL && env.MAIL_HTTP_TOKEN))
      problems.push('MAIL_HTTP_URL and MAIL_HTTP_TOKEN must both be set (MAIL_TRANSPORT is http).');
    if (!env.MAIL_FROM)
      problems.push('MAIL_FROM is not set: the sender of every mail, such as "Lanyard <badges@example.org>".');
    if (!env.KEY_ENCRYPTION_KEY)
      problems.push('KEY_ENCRYPTION_KEY is not set (a secret: wrangler secret put KEY_ENCRYPTION_KEY).');
  }
  problems.push(...chainProblems(env, production));
  problems.push(...portalProblems(env, production));
  const maintenance = parseMaintenance(env.MAINTENANCE_WINDOW);
  if ('problem' in maintenance) problems.push(maintenance.problem);
  const siteLinks = parseSiteLinks(env.SITE_LINKS);
  if ('problem' in siteLinks) problems.push(siteLinks.problem);
  const passwordCost = passwordCostProblem(env);
  if (passwordCost) problems.push(passwordCost);
  return problems;
}

// The bindings of an isolate do not change while it lives: check each env object once.
const checked = new WeakMap<object, string[]>();

function cachedProblems(env: Env): string[] {
  let problems = checked.get(env);
  if (!problems) {
    problems = configProblems(env);
    if (problems.length > 0) createLogger({}, env.LOG_LEVEL).error('not configured', { problems });
    checked.set(env, problems);
  }
  return problems;
}

/** For fetch: a 503 that names what is missing (names only, never values), or null when configured. */
export function notConfiguredResponse(env: Env): Response | null {
  const problems = cachedProblems(env);
  if (problems.length === 0) return null;
  const body = `Lanyard is not configured yet:\n${problems.map((p) => `- ${p}`).join('\n')}\nSee docs/deploy.md.\n`;
  return new Response(body, {
    status: 503,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** For queue and cron handlers: throws while the configuration is incomplete (the outbox keeps the work). */
export function assertConfigured(env: Env): void {
  const problems = cachedProblems(env);
  if (problems.length > 0) throw new Error(`Lanyard is not configured: ${problems.join(' ')}`);
}
