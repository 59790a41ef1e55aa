import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/server/auth/tokens';
import { clientsRepo } from '../../src/server/ob3api/clients-repo';
import { OB3, REDIRECT, ALL_SCOPES, bearer, consentedCode, randomIp, tokensFor } from './ob3api-helpers';

/** Issue 21: the OB 3.0 host API's writes under 50 parallel requests (one atomic batch each). */
const basic = (id: string, secret: string) => `Basic ${btoa(`${id}:${secret}`)}`;
const token = (auth: string, form: Record<string, string>) =>
  exports.default.fetch(`${OB3}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: auth },
    body: new URLSearchParams(form),
  });

describe('50 parallel requests', () => {
  it('50 registrations at once: 50 distinct clients, each secret stored once as its digest', async () => {
    const body = JSON.stringify({
      client_name: 'Racer',
      client_uri: 'https://wallet.example/',
      redirect_uris: [REDIRECT],
      scope: ALL_SCOPES,
    });
    const all = await Promise.all(
      Array.from({ length: 50 }, () =>
        exports.default.fetch(`${OB3}/oauth/register`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': randomIp() },
          body,
        }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = await Promise.all(all.map(async (r) => (await r.json<{ client_id: string }>()).client_id));
    expect(new Set(ids).size).toBe(50);
    const stored = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM ob3_clients WHERE id IN (${ids.map(() => '?').join(',')})`,
    )
      .bind(...ids)
      .first<{ n: number }>();
    expect(stored?.n).toBe(50);
  });

  it('the client cap holds under 50 parallel inserts: exactly the room left is filled', async () => {
    const before = (await env.DB.prepare('SELECT COUNT(*) AS n FROM ob3_clients').first<{ n: number }>())?.n ?? 0;
    const repo = clientsRepo(env.DB);
    const row = () => ({
      id: newId(),
      secretHash: '0'.repeat(64),
      clientName: 'Cap',
      clientUri: 'https://wallet.example/',
      logoUri: null,
      tosUri: null,
      policyUri: null,
      softwareId: null,
      softwareVersion: null,
      redirectUris: JSON.stringify([REDIRECT]),
      scope: ALL_SCOPES,
      createdAt: Date.now(),
    });
    const written = await Promise.all(Array.from({ length: 50 }, () => repo.insertCapped(row(), before + 3)));
    // Other test files may register clients meanwhile (one shared database), which only leaves less
    // room; a count checked outside the INSERT would let all 50 through.
    const n = written.filter(Boolean).length;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(3);
    await env.DB.prepare("DELETE FROM ob3_clients WHERE client_name = 'Cap'").run();
  });

  it('one code exchanged 50 times at once: exactly one exchange wins, and the reuse revokes what it gave', async () => {
    const c = await consentedCode();
    const form = {
      grant_type: 'authorization_code',
      code: c.callback.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: c.verifier,
    };
    const all = await Promise.all(
      Array.from({ length: 50 }, () => token(basic(c.app.client.client_id, c.app.secret), form)),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 400).length).toBe(49);
    const winner = await all[statuses.indexOf(200)]?.json<{ access_token: string }>();
    const issued = await env.DB.prepare(
      'SELECT COUNT(*) AS n, SUM(revoked_at IS NOT NULL) AS revoked FROM ob3_tokens WHERE client_id = ?',
    )
      .bind(c.app.client.client_id)
      .first<{ n: number; revoked: number }>();
    expect(issued).toEqual({ n: 2, revoked: 2 });
    expect(
      (await exports.default.fetch(`${OB3}/profile`, { headers: bearer(winner?.access_token ?? '') })).status,
    ).toBe(401);
  });

  it('one refresh token used 50 times at once: exactly one rotation wins; the replays end the grant', async () => {
    const t = await tokensFor();
    const form = { grant_type: 'refresh_token', refresh_token: t.tokens.refresh_token ?? '' };
    const all = await Promise.all(
      Array.from({ length: 50 }, () => token(basic(t.app.client.client_id, t.app.secret), form)),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 400).length).toBe(49);
    const live = await env.DB.prepare('SELECT COUNT(*) AS n FROM ob3_tokens WHERE client_id = ? AND revoked_at IS NULL')
      .bind(t.app.client.client_id)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
  });
});
