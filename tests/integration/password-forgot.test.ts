import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { requestPasswordLink, sendPasswordLink } from '../../src/server/accounts/password-reset';
import { CONFIG } from '../../src/server/config';
import { createAccount, unique } from './helpers';
import { waitFor } from './issuing-helpers';

/**
 * An Env whose D1 and queue record what the request does with them: every statement's SQL (with
 * how many values it binds), every batch, every queue message. Values themselves differ by design.
 */
function recording() {
  const trace: string[] = [];
  const db = env.DB;
  const statement = (sql: string): D1PreparedStatement => {
    const st = db.prepare(sql);
    const wrap = (inner: D1PreparedStatement): D1PreparedStatement =>
      new Proxy(inner, {
        get(target, prop) {
          if (prop === 'bind')
            return (...values: unknown[]) => {
              trace.push(`bind ${values.length}`);
              return wrap(target.bind(...values));
            };
          if (['first', 'run', 'all', 'raw'].includes(String(prop))) trace.push(`${String(prop)} ${sql}`);
          const v: unknown = Reflect.get(target, prop, target);
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
    return wrap(st);
  };
  const DB = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => (trace.push(`prepare ${sql}`), statement(sql));
      if (prop === 'batch')
        return (list: D1PreparedStatement[]) => (trace.push(`batch ${list.length}`), target.batch(list));
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  const JOBS = new Proxy(env.JOBS, {
    get(target, prop) {
      if (prop === 'sendBatch')
        return (msgs: unknown[]) => (trace.push(`queue ${msgs.length}`), target.sendBatch(msgs as never));
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  const recorded = new Proxy(env, { get: (t, p) => (p === 'DB' ? DB : p === 'JOBS' ? JOBS : Reflect.get(t, p)) });
  return { env: recorded, trace };
}

describe('forgotten password (RST-01)', () => {
  it('does the same D1 and queue work for a known and an unknown address', async () => {
    const known = await createAccount();
    const a = recording();
    await requestPasswordLink(a.env, known.email);
    const b = recording();
    await requestPasswordLink(b.env, `${unique('nobody')}@example.test`);
    expect(a.trace.length).toBeGreaterThan(0);
    expect(a.trace).toEqual(b.trace);
  });

  it('still mails the link to a known address, and nothing for an unknown one', async () => {
    const known = await createAccount();
    const nobody = `${unique('nobody')}@example.test`;
    await requestPasswordLink(env, known.email);
    await requestPasswordLink(env, nobody);
    const mail = await waitFor(() =>
      env.DB.prepare("SELECT text_body AS text FROM dev_mailbox WHERE to_address = ? AND subject LIKE '%password%'")
        .bind(known.email)
        .first<{ text: string }>(),
    );
    expect(mail.text).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{43}/);
    const links = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM link_tokens WHERE account_id = ? AND purpose = 'password_reset'",
    )
      .bind(known.id)
      .first<number>('n');
    expect(links).toBe(1);
    const toNobody = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'mail' AND json_extract(payload, '$.to') = ?",
    )
      .bind(nobody)
      .first<number>('n');
    expect(toNobody).toBe(0);
  });

  it('the queued job is idempotent: run twice, it leaves one link and one mail', async () => {
    const known = await createAccount();
    const job = unique('job');
    await sendPasswordLink(env, job, { email: known.email }, Date.now());
    await sendPasswordLink(env, job, { email: known.email }, Date.now());
    const count = (sql: string, v: string) => env.DB.prepare(sql).bind(v).first<number>('n');
    expect(await count('SELECT COUNT(*) AS n FROM link_tokens WHERE account_id = ?', known.id)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM outbox WHERE id = ?', `${job}:mail`)).toBe(1);
  });

  it('an account gets at most the hourly cap of links, however many requests run at once', async () => {
    const known = await createAccount();
    await Promise.all(
      Array.from({ length: 10 }, () => sendPasswordLink(env, unique('job'), { email: known.email }, Date.now())),
    );
    const links = await env.DB.prepare('SELECT COUNT(*) AS n FROM link_tokens WHERE account_id = ?')
      .bind(known.id)
      .first<number>('n');
    expect(links).toBe(CONFIG.links.resetPerHour);
  });
});
