// A wallet for the memory benches (export-memory.mjs, import-memory.mjs), made on a running Worker:
// `badges` badges issued here (one award through the issuer API, copied by SQL so the fixture takes
// seconds) with an image of `imageBytes`, and `certificates` certificates issued through the issuer
// API, their PDFs printed by the queue before this returns.
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { until } from './inspector.mjs';
import { makePng } from './png.mjs';

const ADMIN = 'lanyard-dev-admin-token';
const PASSWORD = 'Bench#Export2024';

/** Signs in through the wallet API; answers the session cookie. */
export async function login(base, email) {
  const res = await fetch(`${base}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** A new activated wallet account: its address, id and session cookie. */
export async function benchAccount(base, name) {
  const email = `${name}-${Date.now().toString(36)}@example.test`;
  const accountId = await registerAndActivate(base, {
    email,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: 'Wallet',
  });
  return { email, accountId, cookie: await login(base, email) };
}

export async function walletFixture(base, { badges, imageBytes, certificates }) {
  const tag = Date.now().toString(36);
  const owner = await benchAccount(base, 'export-bench');
  const { api_key: key } = await api(base, '/issuers', ADMIN, {
    name: 'Bench University',
    url: 'https://bench.example',
    email: 'b@bench.example',
  });
  const { badge_class_id: bc } = await api(base, '/badge-classes', key, {
    name: 'Bench',
    description: 'Bench badge.',
    criteria_narrative: 'Run it.',
    image: makePng(imageBytes).toString('base64'),
  });
  const { assertions } = await api(base, '/awards', key, { badge_class_id: bc, recipients: [owner.email] });
  const first = assertions[0].assertion_id;
  await devSql(base, 'UPDATE assertions SET account_id = ?, accept_status = 2 WHERE id = ?', [owner.accountId, first]);
  const columns = `badge_class_id, issuer_id, recipient_email, recipient_email_normalized, recipient_salt, recipient_hash,
    account_id, accept_status, is_public, is_hidden, verification_type, is_blockchain, narrative, evidence_json, issued_on,
    expires_at, revoked_at, revoked_reason, deleted_by_owner_at, deleted_by_issuer_at, reissued_from, accepted_at, created_at, updated_at`;
  await devSql(
    base,
    `INSERT INTO assertions (id, ${columns})
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${badges - 1})
     SELECT 'xb-${tag}-' || i, ${columns} FROM n, assertions WHERE assertions.id = ?`,
    [first],
  );
  if (certificates > 0) {
    const { cert_template_id: templateId } = await api(base, '/cert-templates', key, {
      name: `diploma ${tag}`,
      kind: 'diploma',
      languages: ['en', 'ja'],
      headings: { en: 'Diploma', ja: '学位記' },
      signer_name: 'Taro Suzuki',
      signer_title: 'President',
    });
    for (let i = 0; i < certificates; i++)
      await api(base, '/acad-docs', key, {
        template_id: templateId,
        recipient: owner.email,
        name: 'Export Bench',
        title: `Certificate ${i + 1}`,
        details: { Major: 'Information Engineering' },
      });
    await until('the certificates’ PDFs', async () => {
      const [{ n }] = await devSql(
        base,
        "SELECT COUNT(*) AS n FROM acad_docs WHERE account_id = ? AND pdf_state = 'ready'",
        [owner.accountId],
      );
      return n >= certificates;
    });
  }
  return owner;
}
