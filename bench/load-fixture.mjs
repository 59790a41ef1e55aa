// The load run's fixtures (issue 23, Deliver 4), made on the load Worker's own D1: an issuer and its
// badge class, `users` accounts registered the way a person registers (activation mail included),
// awards sent to them through the issuer API (some received and public, the rest left to receive
// during the run), and 100,000 other assertions in the database, as the wallet benchmark has.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { devBatch, devSql } from '../scripts/lib/dev-sql.mjs';
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { issuingFixture } from './issuing.mjs';

export const PASSWORD = 'Load#Pass2024';
/** Awards per account: the first RECEIVED are received (the first of them public), the rest claimable. */
const AWARDS = 10;
const RECEIVED = 3;
const BACKGROUND = 100_000;

/**
 * The first account is registered the way a person registers (activation mail included); the
 * others are copies of its rows with their own id, name and verified address, written in one
 * batch: registering 200 people through Argon2id one by one would take a minute of the run.
 */
async function accountsLike(base, emails) {
  const template = await registerAndActivate(base, {
    email: emails[0],
    password: PASSWORD,
    firstName: 'Load',
    lastName: 'User 0',
  });
  const columns = async (table) => (await devSql(base, `PRAGMA table_info(${table})`)).map((c) => c.name);
  const copy = (cols, fixed) => cols.map((c) => (c in fixed ? '?' : c)).join(', ');
  const [accountCols, emailCols] = [await columns('accounts'), await columns('account_emails')];
  const ids = emails.map((_, i) => (i === 0 ? template : `load${randomBytes(12).toString('base64url')}`.slice(0, 22)));
  const statements = emails.slice(1).flatMap((email, k) => {
    const i = k + 1;
    const account = { id: ids[i], last_name: `User ${i}` };
    const address = { id: `le${ids[i]}`.slice(0, 22), account_id: ids[i], email, email_normalized: email };
    const params = (cols, fixed) => cols.filter((c) => c in fixed).map((c) => fixed[c]);
    return [
      {
        sql: `INSERT INTO accounts (${accountCols.join(', ')}) SELECT ${copy(accountCols, account)} FROM accounts WHERE id = ?`,
        params: [...params(accountCols, account), template],
      },
      {
        sql: `INSERT INTO account_emails (${emailCols.join(', ')}) SELECT ${copy(emailCols, address)} FROM account_emails WHERE account_id = ?`,
        params: [...params(emailCols, address), template],
      },
    ];
  });
  await devBatch(base, statements);
  return ids;
}

async function waitFor(what, check, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`load fixture: ${what} not ready within ${ms / 1000} s`);
}

export async function loadFixture(base, users) {
  const tag = Date.now().toString(36);
  const issuing = await issuingFixture(base);
  const [{ issuer_id: issuerId }] = await devSql(base, 'SELECT issuer_id FROM badge_classes WHERE id = ?', [
    issuing.bc,
  ]);
  const emails = Array.from({ length: users }, (_, i) => `load-${tag}-${i}@example.test`);
  const accountIds = await accountsLike(base, emails);
  // Each award call sends one badge to every account (the API's limit is 1,000 recipients a call).
  for (let round = 0; round < AWARDS; round++)
    await api(base, '/awards', issuing.key, { badge_class_id: issuing.bc, recipients: emails });
  const owned = `SELECT COUNT(*) AS n FROM assertions WHERE recipient_email_normalized LIKE 'load-${tag}-%' AND account_id IS NOT NULL`;
  await waitFor('awards', async () => (await devSql(base, owned))[0].n >= users * AWARDS);
  const rows = await devSql(
    base,
    `SELECT id, account_id FROM assertions WHERE recipient_email_normalized LIKE 'load-${tag}-%' ORDER BY account_id, created_at, id`,
  );
  const byAccount = new Map(accountIds.map((id) => [id, []]));
  for (const r of rows) byAccount.get(r.account_id)?.push(r.id);
  const now = Date.now();
  const received = [];
  const publicIds = [];
  const accounts = accountIds.map((id, i) => {
    const ids = byAccount.get(id);
    received.push(...ids.slice(0, RECEIVED));
    publicIds.push(ids[0]);
    return { id, email: emails[i], ip: i, received: ids.slice(0, RECEIVED), claimable: ids.slice(RECEIVED) };
  });
  const list = (ids) => ids.map((id) => `'${id}'`).join(',');
  await devSql(base, `UPDATE assertions SET accept_status = 2, accepted_at = ${now} WHERE id IN (${list(received)})`);
  await devSql(base, `UPDATE assertions SET is_public = 1 WHERE id IN (${list(publicIds)})`);
  // The rest of the database: other people's badges of the same class, shaped like real ones (22-
  // character ids, a 32-hex salt, a sha256$ hash), so bytes per row measured afterwards are real.
  await devSql(
    base,
    `INSERT INTO assertions (id, badge_class_id, issuer_id, recipient_email, recipient_email_normalized, recipient_salt,
       recipient_hash, account_id, accept_status, is_public, verification_type, issued_on, created_at, updated_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BACKGROUND})
     SELECT substr('lb${tag}' || hex(randomblob(12)), 1, 22), '${issuing.bc}', '${issuerId}',
       'student.' || i || '@school' || (i % 500) || '.example.ac.jp', 'student.' || i || '@school' || (i % 500) || '.example.ac.jp',
       lower(hex(randomblob(16))), 'sha256$' || lower(hex(randomblob(32))), NULL, 0, 0, 'hosted',
       ${now} - i * 60000, ${now}, ${now} FROM n`,
  );
  // The award mails and notices are the queue's work, not the run's: let them finish first.
  await waitFor(
    'award mails',
    async () => (await devSql(base, "SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'"))[0].n === 0,
  );
  return { issuerId, accounts, publicIds, awards: AWARDS, background: BACKGROUND };
}

/**
 * Rows and bytes of the load Worker's D1 file after the run (for docs/scaling.md), read with Node's
 * own SQLite once the Worker has stopped: per table with its indexes (dbstat), and the whole file.
 */
export function dbFigures(persistDir) {
  const dir = `${persistDir}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  const db = new DatabaseSync(`${dir}/${file}`);
  try {
    // The Worker has stopped: fold its write-ahead log into the file, so the page count is the size.
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const owner = new Map(
      db
        .prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')")
        .all()
        .map((r) => [r.name, r.tbl_name]),
    );
    const bytes = {};
    for (const r of db.prepare('SELECT name, SUM(pgsize) AS b FROM dbstat GROUP BY name').all()) {
      const table = owner.get(r.name) ?? r.name;
      bytes[table] = (bytes[table] ?? 0) + Number(r.b);
    }
    const tables = Object.entries(bytes)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([name, b]) => {
        const rows = Number(db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get().n);
        return { name, rows, bytes: b, perRow: rows ? Math.round(b / rows) : null };
      });
    const { page_count: pages } = db.prepare('PRAGMA page_count').get();
    const { page_size: size } = db.prepare('PRAGMA page_size').get();
    return { bytes: Number(pages) * Number(size), tables };
  } finally {
    db.close();
  }
}
