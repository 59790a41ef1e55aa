import { env } from 'cloudflare:workers';
import { sha256Hex } from '../../src/server/auth/tokens';

export const BASE = 'http://127.0.0.1:8787';
export const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' };

let seq = 0;
/** A unique suffix, so test files that share one database never collide. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Inserts an active account with a primary verified email; returns its id and email. */
export async function createAccount(
  opts: { status?: 'active' | 'merged' | 'deleted'; first?: string; last?: string } = {},
) {
  const id = unique('acct');
  const email = `${id}@example.test`;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO accounts (id, status, first_name, last_name, service_country, language, created_at, updated_at)
       VALUES (?, ?, ?, ?, 1, 'en', ?, ?)`,
    ).bind(id, opts.status ?? 'active', opts.first ?? 'Hanako', opts.last ?? 'Yamada', now, now),
    env.DB.prepare(
      `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
       VALUES (?, ?, ?, ?, ?, 1, ?)`,
    ).bind(unique('email'), id, email, email, now, now),
  ]);
  return { id, email };
}

/** Starts a session for an account the way login will: only the token's hash is stored. */
export async function createSession(accountId: string, expiresInMs = 86_400_000) {
  const token = unique('token').padEnd(43, 'x');
  const now = Date.now();
  await env.DB.prepare(
    'INSERT INTO sessions (token_hash, account_id, user_type, created_at, expires_at) VALUES (?, ?, 2, ?, ?)',
  )
    .bind(await sha256Hex(token), accountId, now, now + expiresInMs)
    .run();
  return token;
}

/** The "process completed" notifications (type 2) of an account, oldest first, as stored. */
export async function completionNotices(accountId: string) {
  const r = await env.DB.prepare(
    'SELECT message_key, message_params, url FROM notifications WHERE account_id = ? AND type = 2 ORDER BY id',
  )
    .bind(accountId)
    .all<{ message_key: string; message_params: string; url: string }>();
  return r.results.map((n) => ({ key: n.message_key, params: JSON.parse(n.message_params) as object, url: n.url }));
}
