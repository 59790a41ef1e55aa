import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import ja from '../../src/i18n/locales/ja.json' with { type: 'json' };
import { devSql } from '../../scripts/lib/dev-sql.mjs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { nightlyRun } from './anchor';
import { expect, expectNoAxeViolations, hydrated, signIn, test } from './fixtures';
import { startSessionFor } from './session';

const ORIGIN = 'http://127.0.0.1:8787';
const BASE = '/ns/portal/openbadge';
const c = ja.blockchain;

test('a blockchain badge shows "processing" in Receiving, then, anchored, its transaction and the download; a certificate too (Japanese)', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  const email = `bc-ja-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, {
      email,
      password: 'Kestrel#Wing42',
      firstName: '美咲',
      lastName: '髙橋',
      language: 'ja',
    }),
  );
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const cls = (await issuerApi(ORIGIN, '/badge-classes', key, {
    name: 'ブロックチェーン基礎',
    description: '分散台帳の基礎を修了しました。',
    image: readFileSync('tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png').toString(
      'base64',
    ),
    criteria_narrative: '講義と演習を修了すること。',
  })) as { badge_class_id: string };
  const award = (await issuerApi(ORIGIN, '/awards', key, {
    badge_class_id: cls.badge_class_id,
    recipients: [email],
    blockchain: true,
  })) as { assertions: { assertion_id: string }[] };
  const badge = award.assertions[0]?.assertion_id ?? '';
  const template = (await issuerApi(ORIGIN, '/cert-templates', key, {
    name: 'Diploma ja',
    kind: 'diploma',
    languages: ['ja'],
    headings: { ja: '学位記' },
  })) as { cert_template_id: string };
  const doc = (await issuerApi(ORIGIN, '/acad-docs', key, {
    template_id: template.cert_template_id,
    recipient: email,
    name: '髙橋 美咲',
    title: '学士（情報科学）',
    language: 'ja',
    blockchain: true,
  })) as { acad_doc_id: string };
  // Received by its owner: a blockchain badge waits in Receiving for the nightly batch (spec §4).
  await devSql(ORIGIN, 'UPDATE assertions SET accept_status = 1, accepted_at = ? WHERE id = ?', [Date.now(), badge]);
  await signIn(page, await startSessionFor(id));

  await page.goto(`${BASE}/assertions/detail/${badge}?language=ja`);
  const section = page.locator('section.blockchain-certificate');
  await expect(section.getByRole('heading', { name: c.heading })).toBeVisible();
  await expect(section.getByRole('status')).toHaveText(c.processing);

  await expect
    .poll(
      async () => {
        await nightlyRun();
        return (await fetch(`${ORIGIN}/api/v1.0/openBadge/v2/AssertionBC/${badge}`)).status;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(200);
  await page.reload();
  await expect(section).toHaveAttribute('data-state', 'anchored');
  await expect(section.getByRole('status')).toHaveText(c.anchored.replace('{{network}}', c.network_sepolia));
  await expect(section.locator('code.tx')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(section.getByRole('link', { name: /AssertionBC/ })).toHaveAttribute(
    'href',
    `${ORIGIN}/api/v1.0/openBadge/v2/AssertionBC/${badge}`,
  );
  await expectNoAxeViolations(page);

  // The download island hydrates when it comes into view (client:visible).
  await section.getByRole('button', { name: c.download }).scrollIntoViewIfNeeded();
  await hydrated(page, 'BlockchainDownload');
  const saved = page.waitForEvent('download');
  await section.getByRole('button', { name: c.download }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^blockchain_certificate_ブロックチェーン基礎_\d{8}\.json$/);
  const json = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as { type: string[]; proof: object };
  expect(json.type).toEqual(['VerifiableCredential', 'BlockcertsCredential']);
  expect(json.proof).toMatchObject({ type: 'MerkleProof2019' });

  // The certificate detail page has the same section, once its document is anchored too.
  await expect
    .poll(
      async () => {
        await nightlyRun();
        return (await fetch(`${ORIGIN}/api/v1.0/openBadge/v2/AssertionBC/${doc.acad_doc_id}`)).status;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(200);
  await page.goto(`${BASE}/acaddocs/detail/${doc.acad_doc_id}?language=ja`);
  await expect(section).toHaveAttribute('data-state', 'anchored');
  await section.getByRole('button', { name: c.download }).scrollIntoViewIfNeeded();
  await hydrated(page, 'BlockchainDownload');
  const savedDoc = page.waitForEvent('download');
  await section.getByRole('button', { name: c.download }).click();
  expect((await savedDoc).suggestedFilename()).toMatch(/^blockchain_certificate_学士（情報科学）_\d{8}\.json$/);
  expect(problems).toEqual([]);
});
