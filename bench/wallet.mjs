// Wallet figures: one wallet holding 1,000 badges in a database of 100,000 assertions, written with
// one recursive INSERT (the issuer API would take far longer), then a signed-in session for FindList
// and one public badge for the public pages.
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { localD1, localD1File } from '../scripts/lib/local-d1.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { writeFileSync } from 'node:fs';

export async function walletFixture(base, fixture) {
  const email = `wallet-bench-${Date.now().toString(36)}@example.test`;
  const password = 'Bench#Wallet2024';
  const accountId = await registerAndActivate(base, { email, password, firstName: 'Bench', lastName: 'Wallet' });
  const issuerId = localD1(`SELECT issuer_id FROM badge_classes WHERE id = '${fixture.bc}'`)[0].issuer_id;
  const tag = Date.now().toString(36);
  const now = Date.now();
  writeFileSync(
    '.wrangler/bench-wallet.sql',
    `INSERT INTO assertions (id, badge_class_id, issuer_id, recipient_email, recipient_email_normalized, recipient_salt,
       recipient_hash, account_id, accept_status, is_public, issued_on, created_at, updated_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
     SELECT 'wb-${tag}-' || i, '${fixture.bc}', '${issuerId}',
       CASE WHEN i <= 1000 THEN '${email}' ELSE 'other-' || i || '@example.test' END,
       CASE WHEN i <= 1000 THEN '${email}' ELSE 'other-' || i || '@example.test' END,
       'salt', 'hash', CASE WHEN i <= 1000 THEN '${accountId}' ELSE NULL END, 2, i % 2,
       ${now} - i * 60000, ${now}, ${now} FROM n;\n`,
  );
  localD1File('.wrangler/bench-wallet.sql');
  const res = await fetch(`${base}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('accessToken='))
    .join('; ');
  if (!cookie) throw new Error(`bench login failed: ${res.status}`);
  // The fixture's own assertion, received and public, for the public pages.
  localD1(`UPDATE assertions SET accept_status = 2, is_public = 1 WHERE id = 'wb-${tag}-2'`);
  return { accountId, cookie, publicId: `wb-${tag}-2`, api };
}
