import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { TERMS_REVISIONS, TERMS_VERSION } from '../../src/terms/versions';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';

const call = (path: string, token: string | null, body: unknown = {}) =>
  exports.default.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(token ? { Cookie: `accessToken=${token}` } : {}) },
    body: JSON.stringify(body),
  });
const userInfo = async (token: string) =>
  (await (await call('/api/v1.0/openbadge/v2/Wallet/GetUserInfo', token)).json()) as {
    agree_term_of_service: boolean;
    terms_state: string;
  };
const SET = '/api/v1.0/openbadge/v2/Wallet/SetTermOfService';

describe('terms of use agreement', () => {
  it('the current version is the newest revision date of spec §9', () => {
    expect(TERMS_VERSION).toBe('2024-07-01');
    expect(TERMS_REVISIONS).toHaveLength(8);
  });

  it('an account that never agreed is "not_agreed"; SetTermOfService records the current version', async () => {
    const { id } = await createAccount();
    const token = await createSession(id);
    expect(await userInfo(token)).toMatchObject({ agree_term_of_service: false, terms_state: 'not_agreed' });
    const res = await call(SET, token, { agree_term_of_service: true });
    expect(await res.json()).toEqual({ status: 200, terms_version: TERMS_VERSION });
    expect(await userInfo(token)).toMatchObject({ agree_term_of_service: true, terms_state: 'agreed' });
    const row = await env.DB.prepare('SELECT terms_version, terms_agreed_at FROM accounts WHERE id = ?')
      .bind(id)
      .first<{ terms_version: string; terms_agreed_at: number }>();
    expect(row?.terms_version).toBe(TERMS_VERSION);
    expect(row?.terms_agreed_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('agreement to an older version is "revised" until agreed again', async () => {
    const { id } = await createAccount();
    await env.DB.prepare("UPDATE accounts SET agree_term_of_service = 1, terms_version = '2024-03-14' WHERE id = ?")
      .bind(id)
      .run();
    const token = await createSession(id);
    expect((await userInfo(token)).terms_state).toBe('revised');
    await call(SET, token, { agree_term_of_service: true });
    expect((await userInfo(token)).terms_state).toBe('agreed');
  });

  it('needs a session, and only "true" is an agreement', async () => {
    const anonymous = await call(SET, null, { agree_term_of_service: true });
    expect(anonymous.status).toBe(401);
    const { id } = await createAccount();
    const token = await createSession(id);
    const refused = await call(SET, token, { agree_term_of_service: false });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('E400100');
    expect((await userInfo(token)).terms_state).toBe('not_agreed');
  });
});
