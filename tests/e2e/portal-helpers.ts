import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { expect, hydrated } from './fixtures';

export const ORIGIN = 'http://127.0.0.1:8787';
export const BASE = '/ns/portal/openbadge';
/** The local portal npm start runs (scripts/portal), and the name its button carries. */
export const PORTAL = process.env.PORTAL_URL ?? 'http://127.0.0.1:8795';
export const PORTAL_NAME = 'Lanyard Portal';

export interface PortalUser {
  sub: string;
  email: string;
  password: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
}

/** npm start's demo portal user with a verified address of its own (scripts/portal/users.mjs). */
export const DEMO_PORTAL_USER: PortalUser = {
  sub: 'portal-pat',
  email: 'portal@lanyard.localhost',
  password: 'Portal-demo-1',
  given_name: 'Pat',
  family_name: 'Portal',
  email_verified: true,
};

/**
 * The bearer the local portal of `npm start` (started with `testUsers`) accepts for
 * `POST /__test/users`: its client secret, new each run, which start.mjs keeps in
 * `.wrangler/portal.json` (or PORTAL_CLIENT_SECRET for a portal started otherwise).
 */
function portalSecret(): string {
  if (process.env.PORTAL_CLIENT_SECRET) return process.env.PORTAL_CLIENT_SECRET;
  const file = '.wrangler/portal.json';
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { clientSecret?: string }) : {};
  if (!saved.clientSecret) throw new Error(`no portal client secret: ${file} is written by scripts/start.mjs`);
  return saved.clientSecret;
}

/** A portal user for one test: always a new one, so no two tests share a portal account. */
export async function portalUserFor(tag: string): Promise<PortalUser> {
  return freshPortalUser(tag);
}

/** A new person at the portal with a verified address of their own, so tests never share an account. */
export async function freshPortalUser(tag: string, email?: string): Promise<PortalUser> {
  const id = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const user = {
    sub: `e2e-${id}`,
    email: email ?? `${id}@example.test`,
    password: 'Portal-e2e-1',
    given_name: 'Kai',
    family_name: 'Tanaka',
    email_verified: true,
  };
  const res = await fetch(`${PORTAL}/__test/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${portalSecret()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!res.ok) throw new Error(`portal addUser: ${res.status} ${await res.text()}`);
  return user;
}

/** Signs in on the portal's own login form, as a person does there. */
export async function signInAtPortal(page: Page, user: Pick<PortalUser, 'email' | 'password'>): Promise<void> {
  await page.waitForURL((u) => u.origin === PORTAL);
  await page.locator('#login').fill(user.email);
  await page.locator('#password').fill(user.password);
  await page.locator('#portal-login button[type="submit"]').click();
}

/** A first sign-in meets the terms modal (spec §2); agree as a person does: scroll to the end, I Agree. */
export async function agreeTermsIfAsked(page: Page, title: string, agree: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  if ((await dialog.count()) === 0) return;
  await hydrated(page, 'TermsModal');
  await dialog.locator('.terms-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await dialog.getByRole('button', { name: agree }).click();
  await expect(dialog).toBeHidden();
}

/** The `userType` cookie of this browser (spec §3: 1 portal user, 2 wallet user). */
export async function userTypeCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies(ORIGIN)).find((c) => c.name === 'userType')?.value;
}

/** A badge class of the demo issuer awarded to `email` (the award mail is sent as for anyone). */
export async function awardBadge(email: string, name: string): Promise<void> {
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const bc = (await issuerApi(ORIGIN, '/badge-classes', key, {
    name,
    description: `${name}: awarded to a portal user.`,
    image: readFileSync('public/favicon.svg').toString('base64'),
    criteria_narrative: 'Sign in through the portal.',
    tags: ['Portal'],
  })) as { badge_class_id: string };
  await issuerApi(ORIGIN, '/awards', key, { badge_class_id: bc.badge_class_id, recipients: [email] });
}

/** Answers of two wallet calls made from inside the page (same origin, the page's cookies). */
export async function walletAnswers(page: Page): Promise<{ findList: number; token: number; loginUrl: string }> {
  return page.evaluate(async () => {
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const list = await post('/api/v1.0/openbadge/v2/Wallet/FindList', {});
    const token = await post('/ns/login/GetApiAccessToken.ashx', { return_url: '/ns/portal/openbadge/assertions' });
    const json = (await token.json()) as { login_url?: string };
    return { findList: list.status, token: token.status, loginUrl: json.login_url ?? '' };
  });
}
