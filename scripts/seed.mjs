// Seeds the local D1 database with demo data (idempotent: safe to run on every `npm start`).
// Writes SQL to .wrangler/seed.sql and applies it with wrangler, so it uses the same local
// database the running Worker uses.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { DEMO } from './demo-data.mjs';

const q = (v) =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
const row = (table, values) =>
  `INSERT OR IGNORE INTO ${table} (${Object.keys(values).join(', ')}) VALUES (${Object.values(values).map(q).join(', ')});`;

const now = Date.UTC(2026, 0, 15);
const day = 86_400_000;
const sql = [];

for (const issuer of DEMO.issuers) {
  sql.push(row('issuers', { ...issuer, created_at: now, updated_at: now }));
}
DEMO.badgeClasses.forEach((b, i) => {
  const { tags, ...cls } = b;
  sql.push(row('badge_classes', { ...cls, created_at: now - i * day, updated_at: now - i * day }));
  for (const name of tags) {
    const tagId = `tag-${createHash('sha256').update(name.toLowerCase()).digest('hex').slice(0, 20)}`;
    sql.push(row('tags', { id: tagId, name, name_normalized: name.toLowerCase(), created_at: now }));
    sql.push(row('badge_class_tags', { badge_class_id: cls.id, tag_id: tagId }));
  }
});

const { account, email } = DEMO.recipient;
sql.push(row('accounts', { ...account, created_at: now, updated_at: now }));
sql.push(
  row('account_emails', {
    id: 'demo-email-1',
    account_id: account.id,
    email,
    email_normalized: email,
    verified_at: now,
    is_primary: 1,
    created_at: now,
  }),
);

DEMO.assertions.forEach((a, i) => {
  const salt = `salt${i}`;
  const hash = `sha256$${createHash('sha256')
    .update(email + salt)
    .digest('hex')}`;
  const cls = DEMO.badgeClasses.find((b) => b.id === a.badge_class_id);
  sql.push(
    row('assertions', {
      ...a,
      issuer_id: cls.issuer_id,
      recipient_email: email,
      recipient_email_normalized: email,
      recipient_salt: salt,
      recipient_hash: hash,
      account_id: account.id,
      issued_on: now - (i + 1) * 7 * day,
      created_at: now - (i + 1) * 7 * day,
      updated_at: now,
    }),
  );
});

mkdirSync('.wrangler', { recursive: true });
writeFileSync('.wrangler/seed.sql', `${sql.join('\n')}\n`);
execFileSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--file', '.wrangler/seed.sql'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
console.log(
  `Seeded demo data: ${DEMO.issuers.length} issuers, ${DEMO.badgeClasses.length} badge classes, ${DEMO.assertions.length} badges for ${email}.`,
);
