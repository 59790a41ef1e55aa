import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { expect } from './fixtures';

/* Helpers of the form tests of issue 25 (forms-before-js.spec.ts, no-js-journey.spec.ts). */

export const ORIGIN = 'http://127.0.0.1:8787';
export const BASE = '/ns/portal/openbadge';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unique = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

/**
 * Holds back every script under /_astro/ (the islands and their renderer) for at least two seconds
 * and until `release()`, as a slow network would: the page and its forms are there, the islands
 * are not. Navigations made meanwhile (a form post) are not held; pages open with `waitUntil:
 * 'commit'`, since the load event waits for the held scripts.
 */
export async function holdIslands(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/**', async (route) => {
    if (route.request().resourceType() === 'script') await Promise.all([gate, sleep(2000)]);
    // The page may have moved on (a form was posted): its requests are gone.
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** The island `component` has not hydrated yet (Astro removes `ssr` when it does). */
export async function expectNotHydrated(page: Page, component: string): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="${component}"][ssr]`)).toHaveCount(1);
}

/** A new active account (registered and activated through the API), in `language`. */
export async function newAccount(language = 'en', password = 'Heron#Lake2026') {
  const email = unique('forms');
  const id = String(
    await registerAndActivate(ORIGIN, { email, password, firstName: 'Aoi', lastName: 'Mori', language }),
  );
  return { id, email, password };
}

/** The newest link of `kind` mailed to `to`, read from the dev mailbox table. */
export async function mailedLink(to: string, kind: 'activation' | 'password/reset' | 'receive'): Promise<string> {
  let link = '';
  await expect(async () => {
    const [row] = await devSql(
      ORIGIN,
      `SELECT text_body FROM dev_mailbox WHERE to_address = ? AND text_body LIKE ? ORDER BY created_at DESC LIMIT 1`,
      [to, `%/${kind}/%`],
    );
    link = new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]+`).exec(String(row?.['text_body'] ?? ''))?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 30_000 });
  return link;
}

/** Asks for a password link through the API, as the forgot-password form would. */
export async function requestReset(email: string): Promise<void> {
  await fetch(`${ORIGIN}/api/v1.0/account/Wallet/ForgotPassword`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

/** A provisional registration (its activation mail sent), not yet activated. */
export async function provisionalRegistration(language = 'en'): Promise<string> {
  const email = unique('activate');
  const res = await fetch(`${ORIGIN}/api/v1.0/account/Wallet/CreateAccount?language=${language}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      first_name: 'Ren',
      last_name: 'Ito',
      password: 'Willow#Tree2026',
      confirm_password: 'Willow#Tree2026',
      agree_term_of_service: true,
    }),
  });
  expect(res.status).toBe(200);
  return email;
}

/** A badge awarded by the demo issuer to `email` (its award mail, with the receive link, is sent). */
export async function awardBadge(email: string, name: string): Promise<void> {
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
    name,
    description: `${name}: a form test.`,
    image: readFileSync('public/favicon.svg').toString('base64'),
    criteria_narrative: 'Send a form before the script arrives.',
    tags: ['Forms'],
  })) as { badge_class_id: string };
  await issuerApi(ORIGIN, '/awards', key, { badge_class_id: bc.badge_class_id, recipients: [email] });
}

/** Fills a {{placeholder}} message as the catalogue does. */
export const fill = (s: string, vars: Record<string, string | number> = {}) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
