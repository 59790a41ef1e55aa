import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { checkCode, prepareCode, wasIssued } from '../../src/server/codes/service';
import type { CodeBinding } from '../../src/server/codes/hash';
import { runBatch } from '../../src/server/db/batch';
import { AppError } from '../../src/server/errors';
import { createAccount, unique } from './helpers';

/** Issues a code as the services do: over the hourly cap the insert writes nothing, and that is E429100. */
async function issue(b: CodeBinding, now = Date.now()) {
  const { code, statements } = await prepareCode(env, b, now);
  if (!wasIssued(await runBatch(env.DB, statements))) throw new AppError('E429100');
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, params: err.params };
    throw err;
  }
  return null;
}
async function binding(purpose: CodeBinding['purpose'] = 'add_email'): Promise<CodeBinding> {
  const { id } = await createAccount();
  return { accountId: id, purpose, target: `${unique('new')}@example.test` };
}

describe('verification codes', () => {
  it('CODE-01: five tries per code, then the code is dead; at most five codes an hour', async () => {
    const b = await binding();
    const code = await issue(b);
    for (let left = 4; left >= 1; left--)
      expect(await failure(checkCode(env, b, wrong(code), Date.now()))).toEqual({
        code: 'E400102',
        params: { count: left },
      });
    expect((await failure(checkCode(env, b, wrong(code), Date.now())))?.code).toBe('E410102');
    expect((await failure(checkCode(env, b, code, Date.now())))?.code).toBe('E410102');
    for (let i = 0; i < 4; i++) await issue(b);
    expect((await failure(issue(b)))?.code).toBe('E429100');
  });

  it('CODE-02: 50 parallel wrong guesses evaluate at most five', async () => {
    const b = await binding();
    const code = await issue(b);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => failure(checkCode(env, b, wrong(code), Date.now()))),
    );
    expect(results.filter((r) => r?.code === 'E400102')).toHaveLength(4);
    expect(results.filter((r) => r?.code === 'E410102')).toHaveLength(46);
    const row = await env.DB.prepare('SELECT attempts FROM verification_codes WHERE account_id = ?')
      .bind(b.accountId)
      .first<{ attempts: number }>();
    expect(row?.attempts).toBe(5);
    expect((await failure(checkCode(env, b, code, Date.now())))?.code).toBe('E410102');
  });

  it('CODE-03: single use, ten minutes, bound to account, target and purpose', async () => {
    const b = await binding();
    const now = Date.now();
    const code = await issue(b, now);
    expect((await failure(checkCode(env, { ...b, target: 'someone-else@example.test' }, code, now)))?.code).toBe(
      'E410102',
    );
    expect((await failure(checkCode(env, { ...b, purpose: 'merge' }, code, now)))?.code).toBe('E410102');
    const other = await binding();
    expect((await failure(checkCode(env, { ...b, accountId: other.accountId }, code, now)))?.code).toBe('E410102');
    expect(await failure(checkCode(env, b, code, now))).toBeNull();
    expect((await failure(checkCode(env, b, code, now)))?.code).toBe('E410102');

    const late = await binding();
    const lateCode = await issue(late, now);
    expect((await failure(checkCode(env, late, lateCode, now + 10 * 60_000 + 1000)))?.code).toBe('E410102');
  });

  it('a new code replaces the previous one', async () => {
    const b = await binding();
    const first = await issue(b);
    const second = await issue(b);
    // The old code is checked against the new one: a wrong guess.
    if (first !== second) expect((await failure(checkCode(env, b, first, Date.now())))?.code).toBe('E400102');
    expect(await failure(checkCode(env, b, second, Date.now()))).toBeNull();
  });

  it('CODE-04: only a keyed hash is stored', async () => {
    const b = await binding();
    const code = await issue(b);
    const row = await env.DB.prepare('SELECT * FROM verification_codes WHERE account_id = ?')
      .bind(b.accountId)
      .first<Record<string, unknown>>();
    expect(row?.['code_hash']).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row ?? {}).some((v) => String(v).includes(code))).toBe(false);
  });
});
