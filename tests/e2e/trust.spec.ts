import { readFileSync } from 'node:fs';
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import th from '../../src/i18n/locales/th.json' with { type: 'json' };
import { encode as base58 } from 'base58-universal';
import { base64url, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { realFetch } from '../support/dcc-verify';
import { pdfPageText } from '../support/pdf-text';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

type Obj = Record<string, unknown>;

/*
 * Issue 33's browser "Done means", in Japanese and in Thai: a forged credential naming a real issuer
 * of this Worker (its own did:web), signed with the sender's own key, dropped on the verify page, is
 * refused: issued_by fails with E169's words and nothing says verified; and a revoked badge's
 * downloads behave as decided (item 5): its credential files are not offered, the page says why,
 * and its PDF certificate comes printed REVOKED. (A tampered certificate PDF saying "altered" is in
 * certificates.spec.ts, beside the download of the real one.) Issuers and awards are made through
 * the issuer API, as an operator would; nothing is written to the database behind the Worker.
 */
const HEART = 'tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png';
const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const ADMIN = 'lanyard-dev-admin-token';
const RECIPIENT = 'forged-reader@example.test';

async function realIssuerDid(): Promise<string> {
  const res = await realFetch(`${ORIGIN}/api/issuer/v1/issuers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Sakura Trust Institute', url: 'https://sakura.example', email: 'b@sakura.example' }),
  });
  const made = (await res.json()) as Obj & { status: number };
  expect(made.status).toBe(200);
  return `did:web:${encodeURIComponent(new URL(ORIGIN).host)}:api:v1.0:openBadge:v3:issuers:${made['issuer_id'] as string}`;
}

/** A VC-JWT naming `issuer`, signed by a fresh key of the sender's own, named by its did:key. */
async function forgedJwt(issuer: string): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const x = base64url.decode((await exportJWK(publicKey)).x as string);
  const did = `did:key:z${base58(Uint8Array.of(0xed, 0x01, ...x))}`;
  const id = `urn:uuid:${crypto.randomUUID()}`;
  const vc = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuer, type: ['Profile'], name: 'Sakura Trust Institute' },
    validFrom: '2026-01-01T00:00:00Z',
    name: 'Forged diploma',
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: RECIPIENT, identityType: 'emailAddress', hashed: false }],
      achievement: {
        id: 'https://sakura.example/achievements/1',
        type: ['Achievement'],
        name: 'Forged diploma',
        description: 'Never awarded.',
        criteria: { narrative: 'None.' },
      },
    },
  };
  return new SignJWT({ vc, jti: id, nbf: Date.parse('2026-01-01T00:00:00Z') / 1000 })
    .setProtectedHeader({ alg: 'EdDSA', kid: `${did}#${did.slice(8)}` })
    .sign(privateKey);
}

for (const [lang, t] of [
  ['ja', ja],
  ['th', th],
] as const) {
  test(`a forged credential naming a real issuer is refused on the verify page (${lang})`, async ({
    page,
    problems,
  }) => {
    const jwt = await forgedJwt(await realIssuerDid());
    await page.goto(`${BASE}/verification?language=${lang}`);
    await page.getByLabel(t.verify.json).fill(jwt);
    await page.getByRole('textbox', { name: t.verify.email }).fill(RECIPIENT);
    await page.getByRole('button', { name: t.verify.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: t.verify.result })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(t.verify.not_pass);
    const issuedBy = page.locator('.verify-item').filter({ hasText: t.verify.issued_by });
    await expect(issuedBy).toHaveClass(/verify-fail/);
    await expect(issuedBy.locator('.verify-status')).toHaveText(t.verify.fail);
    await expect(page.locator('.verify-findings')).toContainText(t.verify.code.E169);
    // Nothing of it reads "verified": its other values are shown as written, not verified.
    await expect(page.locator('.verify-items .verify-success')).toHaveCount(0);
    await expect(page.getByText(t.verify.as_written)).toBeVisible();
    await expect(page.locator('.verify-items')).not.toContainText('Sakura');
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
}

for (const [lang, t] of [
  ['ja', ja],
  ['th', th],
] as const) {
  test(`a revoked badge's downloads: no credential file, the reason, a PDF printed REVOKED (${lang})`, async ({
    page,
    problems,
  }) => {
    test.setTimeout(90_000);
    const made = (await issuerApi(ORIGIN, '/issuers', ADMIN, {
      name: 'Revocation Academy',
      url: 'https://revoked.example',
      email: 'b@revoked.example',
    })) as Obj;
    const key = made['api_key'] as string;
    const name = `Revoked seamanship ${Date.now().toString(36)}`;
    const cls = (await issuerApi(ORIGIN, '/badge-classes', key, {
      name,
      description: 'Awarded by mistake.',
      image: readFileSync(HEART).toString('base64'),
      criteria_narrative: 'None.',
    })) as Obj;
    const email = `revoked-${lang}-${Date.now().toString(36)}@example.test`;
    const id = await registerAndActivate(ORIGIN, {
      email,
      password: 'Kestrel#Wing42',
      firstName: 'Ana',
      lastName: 'Ferreira',
      language: lang,
    });
    const award = (await issuerApi(ORIGIN, '/awards', key, {
      badge_class_id: cls['badge_class_id'],
      recipients: [email],
    })) as { assertions: { assertion_id: string }[] };
    const badge = award.assertions[0]?.assertion_id ?? '';
    await signIn(page, await startSessionFor(String(id)));
    await page.goto(`${BASE}/assertions?tab=receiving&language=${lang}`);
    await hydrated(page, 'BadgeList');
    await page.getByRole('button', { name: t.wallet.receive_all }).click();
    await expect(page.getByText(t.wallet.no_badge_data)).toBeVisible();
    await issuerApi(ORIGIN, `/assertions/${badge}/revoke`, key, { reason: 'Awarded by mistake' });

    await page.goto(`${BASE}/assertions/detail/${badge}?language=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const downloads = page.locator('.downloads');
    await expect(downloads.getByRole('note')).toHaveText(t.download.revoked_note);
    for (const gone of [t.download.image, t.download.json, t.download.ob3_json, t.download.ob3_image])
      await expect(downloads.getByRole('button', { name: gone, exact: true })).toHaveCount(0);
    // The island hydrates once seen (a click before that is lost: issue 35 item 1).
    await downloads.scrollIntoViewIfNeeded();
    await hydrated(page, 'Downloads');
    const saved = page.waitForEvent('download');
    await downloads.getByRole('button', { name: t.download.pdf, exact: true }).click();
    const pdf = readFileSync((await (await saved).path()) ?? '');
    const text = (await pdfPageText(pdf)).map((shown) => shown.text).join('');
    expect(text).toContain(t.download.pdf_revoked_mark);
    // Asked for anyway, a credential file is refused with the reason, in the page's language.
    const refused = await page.request.post(`${ORIGIN}/api/v1.0/openbadge/v2/Wallet/Download/ob3json`, {
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Accept-Language': lang },
      data: { assertion_id: badge },
    });
    expect(refused.status()).toBe(410);
    expect(JSON.stringify(await refused.json())).toContain('E410180');
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
}
