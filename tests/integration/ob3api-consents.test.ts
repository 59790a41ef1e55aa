import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { purgeExpired } from '../../src/server/jobs/scheduled';
import { purgeExpiredGrants } from '../../src/server/ob3api/housekeeping';
import { connectedApps, disconnectApp } from '../../src/server/ob3api/connected-apps';
import { OB3, SCOPE, answer, authorizeParams, bearer, tokensFor } from './ob3api-helpers';

/** Issue 21: settings' connected apps: the consents a person gave, and disconnecting one. */
describe('connected apps', () => {
  it('lists the application with what it may do; disconnecting ends its tokens and unused codes at once', async () => {
    const { account, cookie, app, tokens } = await tokensFor(`${SCOPE.read} ${SCOPE.profile}`);
    const listed = await connectedApps(env, account.id);
    expect(listed).toEqual([
      {
        clientId: app.client.client_id,
        name: 'Other Wallet',
        uri: 'https://wallet.example/',
        since: expect.any(Number) as number,
        scopeKeys: ['ob3api.scope_credential_read', 'ob3api.scope_profile_read'],
      },
    ]);
    // A code given but not exchanged yet.
    const { params } = await authorizeParams(app.client.client_id, SCOPE.read);
    const pending = new URL((await answer(cookie, params, 'allow')).headers.get('location') ?? '').searchParams.get(
      'code',
    );
    expect(pending).toBeTruthy();

    await disconnectApp(env, account.id, app.client.client_id);
    expect(await connectedApps(env, account.id)).toEqual([]);
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(tokens.access_token) })).status).toBe(401);
    const live = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM ob3_tokens WHERE account_id = ? AND revoked_at IS NULL',
    )
      .bind(account.id)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
    const unused = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM ob3_auth_codes WHERE account_id = ? AND used_by IS NULL',
    )
      .bind(account.id)
      .first<{ n: number }>();
    expect(unused?.n).toBe(0);
  });

  it('disconnecting what is not connected (another person’s app, twice, unknown) is E404160', async () => {
    const a = await tokensFor();
    const b = await tokensFor();
    const refused = async (accountId: string, clientId: string) =>
      disconnectApp(env, accountId, clientId).then(
        () => 'done',
        (e: unknown) => (e instanceof AppError ? e.code : 'other'),
      );
    expect(await refused(a.account.id, b.app.client.client_id)).toBe('E404160');
    expect(await refused(a.account.id, 'unknown')).toBe('E404160');
    expect((await exports.default.fetch(`${OB3}/profile`, { headers: bearer(b.tokens.access_token) })).status).toBe(
      200,
    );
    expect(await refused(a.account.id, a.app.client.client_id)).toBe('done');
    expect(await refused(a.account.id, a.app.client.client_id)).toBe('E404160');
  });

  it('50 parallel disconnects of one app: exactly one succeeds', async () => {
    const { account, app } = await tokensFor();
    const all = await Promise.allSettled(
      Array.from({ length: 50 }, () => disconnectApp(env, account.id, app.client.client_id)),
    );
    expect(all.filter((r) => r.status === 'fulfilled').length).toBe(1);
    expect(
      all.every((r) => r.status === 'fulfilled' || (r.reason instanceof AppError && r.reason.code === 'E404160')),
    ).toBe(true);
  });

  it('the nightly purge removes codes and tokens a day past expiry and keeps the rest', async () => {
    const { account } = await tokensFor();
    const count = async () =>
      env.DB.prepare(
        `SELECT (SELECT COUNT(*) FROM ob3_tokens WHERE account_id = ?1) AS tokens, (SELECT COUNT(*) FROM ob3_auth_codes WHERE account_id = ?1) AS codes`,
      )
        .bind(account.id)
        .first<{ tokens: number; codes: number }>();
    const now = Date.now();
    await purgeExpiredGrants(env, now);
    // The code expired a minute after it was given, which is less than a day ago: kept.
    expect(await count()).toEqual({ tokens: 2, codes: 1 });
    // Two days on (this account's rows moved back, so other tests' rows in the shared database stay
    // untouched): the code and the access token are gone; the 30-day refresh token stays.
    const twoDays = 2 * 86_400_000;
    await env.DB.batch([
      env.DB.prepare('UPDATE ob3_tokens SET expires_at = expires_at - ? WHERE account_id = ?').bind(
        twoDays,
        account.id,
      ),
      env.DB.prepare('UPDATE ob3_auth_codes SET expires_at = expires_at - ? WHERE account_id = ?').bind(
        twoDays,
        account.id,
      ),
    ]);
    // The nightly cron's purge runs it.
    await purgeExpired(env, now);
    expect(await count()).toEqual({ tokens: 1, codes: 0 });
  });
});
