import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `npm run issuer -- …` as a registrar scripting certificates would, against the running wallet. */
function cli(...args: string[]): { status: number } & Record<string, unknown> {
  try {
    return JSON.parse(execFileSync('node', ['scripts/issuer-cli.mjs', ...args], { encoding: 'utf8' })) as {
      status: number;
    };
  } catch (err) {
    return JSON.parse((err as { stdout: string }).stdout) as { status: number };
  }
}

test('the issuer command line makes a template, issues a transcript from CSV, and revokes it', async ({ request }) => {
  const issuer = cli(
    'create-issuer',
    '--name',
    'Scripted Registry',
    '--url',
    'https://registry.example',
    '--email',
    'registrar@registry.example',
    '--admin-token',
    'lanyard-dev-admin-token',
  );
  const key = issuer.api_key as string;
  const template = cli(
    'create-template',
    '--key',
    key,
    '--kind',
    'transcript',
    '--name',
    'Transcript',
    '--languages',
    'ja,en',
    '--heading',
    'ja=成績証明書',
    '--heading',
    'en=Academic Transcript',
    '--signer-name',
    'Registrar',
    '--logo',
    'tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png',
    '--seal',
    'tests/fixtures/cpython/python.jpg',
  );
  expect(template.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'lanyard-rows-'));
  const rows = join(dir, 'rows.csv');
  writeFileSync(rows, 'course,credits,grade,term\n"Algebra, Linear",2,A,2024 Spring\nデータ構造,2,B+,2024年度前期\n');
  const doc = cli(
    'acad-doc',
    '--key',
    key,
    '--template',
    template.cert_template_id as string,
    '--to',
    'scripted-student@example.test',
    '--name',
    '山田 花子',
    '--title',
    '成績証明書',
    '--rows',
    rows,
  );
  expect(doc.status).toBe(200);
  const id = doc.acad_doc_id as string;
  const status = cli('acad-doc-status', '--key', key, '--doc', id);
  expect(status.acad_doc).toMatchObject({
    kind: 'transcript',
    language: 'ja',
    rows: [{ course: 'Algebra, Linear', credits: 2 }, { course: 'データ構造' }],
    totals: { courses: 2, credits: 4 },
  });
  // The PDF is printed in the background; the status call shows when it is ready.
  await expect
    .poll(() => (cli('acad-doc-status', '--key', key, '--doc', id).acad_doc as { pdf_state: string }).pdf_state, {
      timeout: 30_000,
    })
    .toBe('ready');
  const hosted = `/api/v1.0/openBadge/v2/Assertion/${id}`;
  expect((await request.get(hosted)).status()).toBe(200);
  expect(cli('revoke-doc', '--key', key, '--doc', id, '--reason', 'Issued in error.').status).toBe(200);
  expect((await request.get(hosted)).status()).toBe(410);
  expect(cli('revoke-doc', '--key', key, '--doc', id, '--reason', 'again').status).toBe(409);
});
