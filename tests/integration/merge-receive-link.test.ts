import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN } from './helpers';
import { awardTo, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';

/*
 * Issue 23 (found by the chaos run): a badge awarded to an account's address, then that account
 * merged into another. The award mail's receive link must still work: it receives the badge into
 * the surviving account, once, however many times it is pressed at once.
 */

const receive = async (token: string) => {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/SetReceiveBadge`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ token }),
  });
  return { http: res.status, json: (await res.json()) as { result?: string; errors?: { code: string }[] } };
};

describe('receive links across an account merge', () => {
  it('a link mailed before the merge receives into the survivor; 50 parallel presses receive once', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const { apiKey } = await newIssuer('Merge Link College');
    const bc = await newBadgeClass(apiKey);
    const [id] = (await awardTo(apiKey, bc, [other.email])).ids;
    const mail = await waitFor(() =>
      env.DB.prepare('SELECT text_body FROM dev_mailbox WHERE id = ?')
        .bind(`award-mail-${id}`)
        .first<{ text_body: string }>(),
    );
    const token = /receive\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1] ?? '';
    const proven = await settingsCall(me.cookie, 'Merge/Prove', { email: other.email, password: PASSWORD });
    const mergeId = proven.json['merge_id'] as string;
    expect((await settingsCall(me.cookie, 'Merge/Confirm', { merge_id: mergeId, password: PASSWORD })).http).toBe(200);

    const answers = await Promise.all(Array.from({ length: 50 }, () => receive(token)));
    expect(answers.filter((a) => a.http === 200 && a.json.result === 'received')).toHaveLength(1);
    expect(answers.filter((a) => a.http !== 200).map((a) => a.json.errors?.[0]?.code)).toEqual(
      Array(49).fill('E409103'),
    );
    const row = await env.DB.prepare('SELECT account_id, accept_status FROM assertions WHERE id = ?')
      .bind(id)
      .first<{ account_id: string; accept_status: number }>();
    expect(row).toEqual({ account_id: me.id, accept_status: 2 });
  });
});
