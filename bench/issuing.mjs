// Issuing figures against the running Worker: fixtures made through the issuer API, and a bulk
// award of 1,000 recipients timed until every assertion is served and every mail is in the outbox's
// dev mailbox.
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { makePng } from './png.mjs';

const ADMIN = 'lanyard-dev-admin-token';

/** An issuer with a 256 KB PNG badge class and one hosted assertion to serve. */
export async function issuingFixture(base) {
  const { api_key: key } = await api(base, '/issuers', ADMIN, {
    name: 'Bench University',
    url: 'https://bench.example',
    email: 'b@bench.example',
  });
  const { badge_class_id: bc } = await api(base, '/badge-classes', key, {
    name: 'Bench',
    description: 'Bench badge.',
    criteria_narrative: 'Run it.',
    image: makePng(256 * 1024).toString('base64'),
  });
  const { assertions } = await api(base, '/awards', key, { badge_class_id: bc, recipients: ['bench@example.test'] });
  return { key, bc, assertionId: assertions[0].assertion_id };
}

async function mailCount(base, tag) {
  return (await devSql(base, `SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address LIKE '${tag}%'`))[0].n;
}

/** Awards 1,000 recipients and returns the seconds until all are served and all mails are out. */
export async function bulkAward(base, fixture) {
  const tag = `bulk${Date.now().toString(36)}`;
  const recipients = Array.from({ length: 1000 }, (_, i) => `${tag}-${i}@example.test`);
  const started = Date.now();
  const { assertions, queued } = await api(base, '/awards', fixture.key, { badge_class_id: fixture.bc, recipients });
  const ids = assertions.map((a) => a.assertion_id);
  const deadline = started + 300_000;
  let served = 0;
  while (served < ids.length && Date.now() < deadline) {
    const res = await fetch(`${base}/api/v1.0/openBadge/v2/Assertion/${ids[served]}`);
    if (res.ok) served++;
    else await new Promise((r) => setTimeout(r, 200));
  }
  const assertionsAt = Date.now();
  while ((await mailCount(base, tag)) < 1000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
  return {
    queued,
    served,
    assertionsSeconds: (assertionsAt - started) / 1000,
    mailsSeconds: (Date.now() - started) / 1000,
  };
}
