import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createAccount, unique } from './helpers';

/**
 * Issue 21, migration 0010: rows imported before it are told apart by their stored JSON. The
 * migration's backfill statement is run again here (as applied: TEST_MIGRATIONS) on rows written the
 * way the import wrote them before; only Blockcerts credentials become 'blockcerts'.
 */
const backfill = () => {
  const m = env.TEST_MIGRATIONS.find((x) => x.name.startsWith('0010_'));
  const q = m?.queries.find((s) => s.includes('UPDATE'));
  if (!q) throw new Error('migration 0010 has no backfill');
  return env.DB.prepare(q).run();
};

async function oldRow(accountId: string, assertion: unknown) {
  const id = unique('h');
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO host_assertions (id, account_id, external_id, assertion_json, badge_json, issuer_json, name, description,
       issuer_name, recipient_email, issued_on, verified_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, '{}', '{}', 'n', 'd', 'i', 'r@example.test', ?, ?, ?, ?)`,
  )
    .bind(
      id,
      accountId,
      unique('ext'),
      typeof assertion === 'string' ? assertion : JSON.stringify(assertion),
      now,
      now,
      now,
      now,
    )
    .run();
  return id;
}

describe('migration 0010 backfill', () => {
  it('Blockcerts v2 and v3 rows become blockcerts; OB 2.0 rows, ones that merely mention it, and bad JSON stay ob2', async () => {
    const { id: acct } = await createAccount();
    const v3 = await oldRow(acct, {
      '@context': ['https://www.w3.org/2018/credentials/v1', 'https://w3id.org/blockcerts/v3'],
    });
    const v2 = await oldRow(acct, { '@context': ['https://w3id.org/openbadges/v2', 'https://w3id.org/blockcerts/v2'] });
    const ob2 = await oldRow(acct, { '@context': 'https://w3id.org/openbadges/v2', type: 'Assertion' });
    const mention = await oldRow(acct, {
      '@context': 'https://w3id.org/openbadges/v2',
      narrative: 'See https://w3id.org/blockcerts/v3 for how it works',
    });
    const broken = await oldRow(acct, '{not json');
    await backfill();
    const rows = await env.DB.prepare('SELECT id, format, raw_credential FROM host_assertions WHERE account_id = ?')
      .bind(acct)
      .all<{ id: string; format: string; raw_credential: string | null }>();
    const format = Object.fromEntries(rows.results.map((r) => [r.id, r.format]));
    expect(format).toEqual({ [v3]: 'blockcerts', [v2]: 'blockcerts', [ob2]: 'ob2', [mention]: 'ob2', [broken]: 'ob2' });
    // Old rows have no credential as received.
    expect(rows.results.every((r) => r.raw_credential === null)).toBe(true);
  });
});
