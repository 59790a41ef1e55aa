import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { unbake } from '../../src/server/openbadges/baking';

/** Runs `npm run issuer -- …` as a person scripting awards would, against the running wallet. */
function cli(...args: string[]): { status: number } & Record<string, unknown> {
  try {
    return JSON.parse(execFileSync('node', ['scripts/issuer-cli.mjs', ...args], { encoding: 'utf8' })) as {
      status: number;
    };
  } catch (err) {
    return JSON.parse((err as { stdout: string }).stdout) as { status: number };
  }
}

test('the issuer command line creates an issuer and a badge class, awards, and revokes', async ({ request }) => {
  const issuer = cli(
    'create-issuer',
    '--name',
    'Scripted Academy',
    '--url',
    'https://scripted.example',
    '--email',
    'x@scripted.example',
    '--admin-token',
    'lanyard-dev-admin-token',
  );
  expect(issuer.status).toBe(200);
  const key = issuer.api_key as string;
  const bc = cli(
    'create-badge-class',
    '--key',
    key,
    '--name',
    'Heart',
    '--description',
    'Kindness.',
    '--image',
    'tests/fixtures/conformance/concentricsky-openbadges-bakery/public_domain_heart.png',
    '--criteria',
    'Be kind.',
    '--tags',
    'Kindness,思いやり',
  );
  expect(bc.status).toBe(200);
  const award = cli(
    'award',
    '--key',
    key,
    '--badge-class',
    bc.badge_class_id as string,
    '--to',
    'one@example.test,two@example.test',
    '--signed',
  );
  expect(award.status).toBe(200);
  const [first] = award.assertions as { assertion_id: string }[];
  const image = await request.get(`/api/v1.0/openBadge/v2/Assertion/${first?.assertion_id}/image`);
  expect(image.headers()['content-type']).toBe('image/png');
  const jws = unbake(new Uint8Array(await image.body())).payload;
  expect(jws.split('.')).toHaveLength(3);
  expect(cli('revoke', '--key', key, '--assertion', first?.assertion_id ?? '', '--reason', 'Test').status).toBe(200);
  const again = cli('revoke', '--key', key, '--assertion', first?.assertion_id ?? '', '--reason', 'Test');
  expect(again).toMatchObject({ status: 409, errors: [{ code: 'E409100' }] });
});
