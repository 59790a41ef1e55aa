import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowStandIn, hostedTrio, RECIPIENT, serveHosted, verifyCall } from './badge-trio';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';

/**
 * "Verify this badge" on the public page of an imported badge: the wallet knows whose badge it is,
 * so the recipient is checked against the address it was imported for, without asking the visitor
 * and without ever showing that address.
 */
async function importedBy(first: string, last: string) {
  const acct = await createAccount({ first, last });
  await env.DB.prepare('DELETE FROM account_emails WHERE email_normalized = ?').bind(RECIPIENT).run();
  await env.DB.prepare(
    `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
     VALUES (?, ?, ?, ?, ?, 0, ?)`,
  )
    .bind(unique('em'), acct.id, RECIPIENT, RECIPIENT, Date.now(), Date.now())
    .run();
  const token = await createSession(acct.id);
  const name = unique('public-host');
  const url = await serveHosted(name, await hostedTrio(name));
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/AddBadge`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify({ url }),
  });
  expect(((await res.json()) as { status: number }).status).toBe(200);
  const row = await env.DB.prepare('SELECT id FROM host_assertions WHERE account_id = ?')
    .bind(acct.id)
    .first<{ id: string }>();
  return { accountId: acct.id, hostId: row?.id ?? '' };
}

const byHost = (hostId: string) =>
  verifyCall({ input_type: 'host_assertion_id', host_assertion_id: hostId, verification_mail: [] });

describe('verifying a public imported badge from its page', () => {
  beforeAll(allowStandIn);

  it('checks the holder without asking, names them, and never answers the address', async () => {
    const { hostId } = await importedBy('Beth', 'Robotics');
    // Private: nothing is said about it.
    const hidden = await byHost(hostId);
    expect(hidden.json.verify_errors_code).toEqual(['E999']);

    await env.DB.prepare('UPDATE host_assertions SET is_public = 1 WHERE id = ?').bind(hostId).run();
    const shown = await byHost(hostId);
    expect(shown.http).toBe(200);
    expect(shown.json.badge_pass).toBe(true);
    expect(shown.json.verify_warnings_code).not.toContain('W001');
    const items = shown.json['items'] as Record<string, { status: string; text: string | null }>;
    expect(items['awarded_to']).toEqual({ status: 'success', text: expect.stringContaining('Beth') });
    expect(JSON.stringify(shown.json)).not.toContain(RECIPIENT);
  });

  it('a closed wallet or an unknown id is not found', async () => {
    const { accountId, hostId } = await importedBy('Closed', 'Wallet');
    await env.DB.prepare('UPDATE host_assertions SET is_public = 1 WHERE id = ?').bind(hostId).run();
    await env.DB.prepare("UPDATE accounts SET status = 'deleted' WHERE id = ?").bind(accountId).run();
    expect((await byHost(hostId)).json.verify_errors_code).toEqual(['E999']);
    expect((await byHost('no-such-host-badge')).json.verify_errors_code).toEqual(['E999']);
  });
});
