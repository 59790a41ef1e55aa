import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PASSWORD, login, settingsCall, signedIn } from './settings-helpers';

const merge = (cookie: string, name: string, body: object) => settingsCall(cookie, `Merge/${name}`, body);

const statusOf = (id: string) =>
  env.DB.prepare('SELECT status FROM accounts WHERE id = ?').bind(id).first<string>('status');

/** `me` proves control of `other` by its password: a merge of `other` into `me`, ready to confirm. */
async function proven(me: { cookie: string }, other: { email: string }) {
  const r = await merge(me.cookie, 'Prove', { email: other.email, password: PASSWORD });
  expect(r.http).toBe(200);
  return r.json['merge_id'] as string;
}

describe('merges under parallel requests (MRG-10)', () => {
  it('A merging B while B merges A, confirmed at once: exactly one applies, the survivor signs in', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await signedIn();
      const b = await signedIn();
      const bIntoA = await proven(a, b);
      const aIntoB = await proven(b, a);
      const answers = await Promise.all([
        merge(a.cookie, 'Confirm', { merge_id: bIntoA, password: PASSWORD }),
        merge(b.cookie, 'Confirm', { merge_id: aIntoB, password: PASSWORD }),
      ]);
      expect(answers.map((r) => r.http).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.http === 409)?.code).toBe('E409115');
      const [survivor, merged] = answers[0]?.http === 200 ? [a, b] : [b, a];
      expect(await statusOf(survivor.id)).toBe('active');
      expect(await statusOf(merged.id)).toBe('merged');
      // Everything of both is on the survivor, and both addresses sign in to it.
      const where = await env.DB.prepare('SELECT DISTINCT account_id AS id FROM account_emails WHERE email IN (?, ?)')
        .bind(a.email, b.email)
        .all<{ id: string }>();
      expect(where.results).toEqual([{ id: survivor.id }]);
      expect((await login(survivor.email)).http).toBe(200);
      expect((await login(merged.email)).http).toBe(200);
      // The losing request left no trace: no notification for the closed account.
      const stray = await env.DB.prepare('SELECT COUNT(*) AS n FROM notifications WHERE account_id = ?')
        .bind(merged.id)
        .first<number>('n');
      expect(stray).toBe(0);
    }
  });

  it('50 parallel confirmations of one merge apply it once: one success, the rest E409115, no 5xx', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const id = await proven(me, other);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => merge(me.cookie, 'Confirm', { merge_id: id, password: PASSWORD })),
    );
    expect(answers.filter((r) => r.http >= 500)).toEqual([]);
    // One confirmation performs the merge; the others find the account already merged.
    expect(answers.filter((r) => r.http === 200)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.http !== 200).map((r) => r.code))).toEqual(new Set(['E409115']));
    const done = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM notifications WHERE account_id = ? AND message_key = 'notifications.merge_done'",
    )
      .bind(me.id)
      .first<number>('n');
    expect(done).toBe(1);
    expect(await statusOf(other.id)).toBe('merged');
    expect((await login(other.email)).http).toBe(200);
  });
});
