import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { findSessionUser } from '../../src/server/auth/session-repo';
import { sha256Hex } from '../../src/server/auth/tokens';
import { createAccount, createSession } from './helpers';

describe('session lookup (SES-03: expiry and account state enforced in the database)', () => {
  it('resolves a live session to the user, with the primary email', async () => {
    const { id, email } = await createAccount({ first: 'Taro', last: 'Suzuki' });
    const token = await createSession(id);
    const user = await findSessionUser(env.DB, await sha256Hex(token), Date.now());
    expect(user).toMatchObject({
      accountId: id,
      firstName: 'Taro',
      lastName: 'Suzuki',
      primaryEmail: email,
      userType: 2,
    });
  });

  it('refuses an expired session even though the row still exists', async () => {
    const { id } = await createAccount();
    const token = await createSession(id, 1000);
    expect(await findSessionUser(env.DB, await sha256Hex(token), Date.now() + 1001)).toBeNull();
  });

  it('refuses sessions of merged and deleted accounts', async () => {
    for (const status of ['merged', 'deleted'] as const) {
      const { id } = await createAccount({ status });
      const token = await createSession(id);
      expect(await findSessionUser(env.DB, await sha256Hex(token), Date.now())).toBeNull();
    }
  });

  it('refuses a token whose hash is unknown', async () => {
    expect(await findSessionUser(env.DB, await sha256Hex('never-issued'), Date.now())).toBeNull();
  });
});

describe('schema rules the later features rely on', () => {
  it('ACC-02: one verified owner per address, while pending copies claim nothing', async () => {
    const a = await createAccount();
    const b = await createAccount();
    const now = Date.now();
    const insert = (accountId: string, verifiedAt: number | null) =>
      env.DB.prepare(
        'INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)',
      )
        .bind(crypto.randomUUID(), accountId, 'shared@example.test', 'shared@example.test', verifiedAt, now)
        .run();
    await insert(a.id, null);
    await insert(b.id, null);
    await env.DB.prepare(
      "UPDATE account_emails SET verified_at = ? WHERE account_id = ? AND email_normalized = 'shared@example.test'",
    )
      .bind(now, a.id)
      .run();
    await expect(
      env.DB.prepare(
        "UPDATE account_emails SET verified_at = ? WHERE account_id = ? AND email_normalized = 'shared@example.test'",
      )
        .bind(now, b.id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('deleting an account removes its sessions (no orphan can log in)', async () => {
    const { id } = await createAccount();
    const token = await createSession(id);
    await env.DB.prepare('PRAGMA foreign_keys = ON').run();
    await env.DB.prepare('DELETE FROM accounts WHERE id = ?').bind(id).run();
    const row = await env.DB.prepare('SELECT 1 FROM sessions WHERE token_hash = ?')
      .bind(await sha256Hex(token))
      .first();
    expect(row).toBeNull();
  });
});
