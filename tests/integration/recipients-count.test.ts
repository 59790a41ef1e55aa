import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';

const count = (bc: string) =>
  env.DB.prepare('SELECT recipients_count FROM badge_classes WHERE id = ?').bind(bc).first<number>('recipients_count');
const truth = (bc: string) =>
  env.DB.prepare(
    `SELECT COUNT(*) AS n FROM assertions WHERE badge_class_id = ? AND accept_status = 2
       AND deleted_by_owner_at IS NULL AND deleted_by_issuer_at IS NULL`,
  )
    .bind(bc)
    .first<number>('n');

async function call(path: string, token: string, body: Record<string, unknown>) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { assertion?: { recipients_count: number } };
}

describe("a badge's recipients count (kept by triggers)", () => {
  it('follows receipts, receive-all, automatic receipt, deletion by owner and issuer', async () => {
    const { apiKey } = await newIssuer('Counting College');
    const bc = await newBadgeClass(apiKey);
    const people = await Promise.all([createAccount(), createAccount(), createAccount()]);
    const [p0, p1, p2] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await env.DB.prepare('UPDATE accounts SET auto_receive = 1 WHERE id = ?').bind(p2.id).run();
    const ids = (await awardTo(apiKey, bc, [p0.email, p1.email, p2.email])).ids as [string, string, string];
    expect(await count(bc)).toBe(1); // automatic receipt
    const t0 = await createSession(p0.id);
    const t1 = await createSession(p1.id);
    await call('SetReceiveBadgeFromWallet', t0, { assertion_id: ids[0] });
    await call('SetReceiveAllUnacceptedBadge', t1, {});
    expect(await count(bc)).toBe(3);
    expect((await call('GetAssertion', t0, { assertion_id: ids[0] })).assertion?.recipients_count).toBe(3);
    await call('DeleteAssertion', t1, { assertion_id: ids[1] });
    await env.DB.prepare('UPDATE assertions SET deleted_by_issuer_at = 1 WHERE id = ?').bind(ids[2]).run();
    expect(await count(bc)).toBe(1);
    expect(await count(bc)).toBe(await truth(bc));
  });
});
