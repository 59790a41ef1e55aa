import type { Page } from '@playwright/test';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { signWithDcc } from '../support/dcc-sign';
import { expect, expectNoAxeViolations, signIn, test } from './fixtures';
import { startSessionFor } from './session';

/**
 * Issue 21, OB 3.0 endorsements shown with their own verification: the verify page's server-rendered
 * result (no JavaScript) lists each endorsement under the four items with its verdict; the owner's
 * detail page calls "verified" only the endorsement that verified; and an OB 3.0 badge imported
 * without a URL has a live Verify button on its owner's (private) page.
 */
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

/** An EndorsementCredential signed by the DCC stack (a fresh did:key). */
const endorsement = (name: string) =>
  signWithDcc({
    '@context': CONTEXT,
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'EndorsementCredential'],
    issuer: { id: 'did:key:replaced', type: ['Profile'], name },
    validFrom: '2026-01-01T00:00:00Z',
    name: `${name} endorses the academy`,
    credentialSubject: {
      id: 'https://lighthouse.example/achievements/signals',
      type: ['EndorsementSubject'],
      endorsementComment: 'Careful teaching.',
    },
  });

/** A credential to `email` with a good endorsement and one changed after it was signed. */
async function endorsedCredential(email: string, name: string): Promise<string> {
  const good = await endorsement('Sea Board');
  const forged = { ...(await endorsement('Rope Council')), name: 'Changed after signing' };
  const signed = await signWithDcc({
    '@context': CONTEXT,
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: 'did:key:replaced', type: ['Profile'], name: 'Lighthouse Academy' },
    validFrom: '2026-05-06T07:08:09Z',
    name,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: email, identityType: 'emailAddress', hashed: false }],
      achievement: {
        id: 'https://lighthouse.example/achievements/signals',
        type: ['Achievement'],
        name,
        description: 'Reads and sends flag signals.',
        criteria: { narrative: 'Send ten signals without a mistake.' },
      },
    },
    endorsement: [good, forged],
  });
  return JSON.stringify(signed);
}

async function holder() {
  const email = `ob3e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, {
      email,
      password: 'Heron#Lake2026',
      firstName: 'Ines',
      lastName: 'Barros',
      language: 'en',
    }),
  );
  return { id, email, token: await startSessionFor(id) };
}

async function endorsementRows(page: Page) {
  const list = page.getByTestId('verify-endorsements');
  await expect(list).toBeVisible();
  return list.getByRole('listitem').allTextContents();
}

test.describe('the verify page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('lists each endorsement with its own verdict under a passing result (English and Japanese)', async ({
    page,
    problems,
  }) => {
    const json = await endorsedCredential('reader@example.test', 'Flag signals');
    for (const [lang, t] of [
      ['en', en],
      ['ja', ja],
    ] as const) {
      await page.goto(`${BASE}/verification?language=${lang}`);
      await page.getByLabel(t.verify.json).fill(json);
      await page.getByRole('textbox', { name: t.verify.email }).fill('reader@example.test');
      await page.getByRole('button', { name: t.verify.submit, exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(t.verify.pass);
      await expect(page.getByRole('heading', { name: t.verify.endorsements })).toBeVisible();
      expect((await endorsementRows(page)).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
        `Sea Board ${t.verify.endorsement_claimed}`,
        `Rope Council ${t.verify.endorsement_invalid}`,
      ]);
    }
    // (axe needs JavaScript: the same result is checked with axe on the owner's page below.)
    expect(problems).toEqual([]);
  });
});

test("the owner's page: only the verified endorsement says verified, and Verify checks the private badge", async ({
  page,
  problems,
}) => {
  const me = await holder();
  const name = `Endorsed signals ${Date.now().toString(36)}`;
  await signIn(page, me.token);
  const res = await page.request.post(`${ORIGIN}/api/v1.0/openbadge/v2/Wallet/AddBadge`, {
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
    data: { json: await endorsedCredential(me.email, name) },
  });
  const added = (await res.json()) as { status: number; assertion_id?: string };
  expect(added.status).toBe(200);

  await page.goto(`${BASE}/assertions/host/detail/${added.assertion_id}?language=en`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const states = page.getByTestId('ob3-endorsements').getByTestId('ob3-endorsement-state');
  // Its endorser is a did:key that signed itself: valid, its name its own claim (issue 33).
  await expect(states).toHaveText([en.detail.ob3.endorsement_claimed, en.detail.ob3.endorsement_invalid]);
  await expectNoAxeViolations(page);

  // Private, imported as pasted JSON (no URL): the owner's Verify button checks the stored credential.
  await page.getByRole('button', { name: en.verify.verify_this }).click();
  await expect(page.getByRole('status').filter({ hasText: en.verify.pass })).toBeVisible();
  await expect(page.locator('.verify-items .verify-success')).toHaveCount(3);
  // A did:key issuer that signed itself: its name is its own claim, not shown as verified (issue 33).
  await expect(page.locator('.verify-claimed .verify-status')).toHaveText(en.verify.self_asserted);
  expect((await endorsementRows(page)).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
    `Sea Board ${en.verify.endorsement_claimed}`,
    `Rope Council ${en.verify.endorsement_invalid}`,
  ]);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
