import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CONFIG } from '../../src/server/config';
import { unique } from './helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';

const CAP = CONFIG.code.maxPerHour;

/** The mails queued to an address: every outbox mail row is one mail sent. */
const mailsTo = (to: string) =>
  env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'mail' AND json_extract(payload, '$.to') = ?")
    .bind(to)
    .first<number>('n');

const fifty = (call: () => ReturnType<typeof settingsCall>) => Promise.all(Array.from({ length: 50 }, call));

/** HTTP status and error code of each answer, counted: {"200": 4, "429 E429100": 46}. */
function tally(answers: Awaited<ReturnType<typeof settingsCall>>[]) {
  const out: Record<string, number> = {};
  for (const r of answers) {
    const key = r.http === 200 ? '200' : `${r.http} ${r.code}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe('code mails under parallel requests (CON-10, CODE-01)', () => {
  it('50 parallel adds of one address: one is added with one mail, the rest are duplicates', async () => {
    const me = await signedIn();
    const address = `${unique('twice')}@example.test`;
    const adds = await fifty(() => settingsCall(me.cookie, 'Email/Add', { email: address, password: PASSWORD }));
    expect(tally(adds)).toEqual({ '200': 1, '409 E409107': 49 });
    expect(await mailsTo(address)).toBe(1);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM account_emails WHERE account_id = ?')
      .bind(me.id)
      .first<number>('n');
    expect(rows).toBe(2);
  });

  it('50 parallel resends for a pending address: exactly the hourly cap in mails, the rest E429100', async () => {
    const me = await signedIn();
    const address = `${unique('again')}@example.test`;
    expect((await settingsCall(me.cookie, 'Email/Add', { email: address, password: PASSWORD })).http).toBe(200);
    // The add used one code of the hour's allowance.
    const resends = await fifty(() => settingsCall(me.cookie, 'Email/ResendCode', { email: address }));
    expect(tally(resends)).toEqual({ '200': CAP - 1, '429 E429100': 51 - CAP });
    expect(await mailsTo(address)).toBe(CAP);
  });

  it('50 parallel merge codes to one account: exactly the hourly cap in mails', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const sends = await fifty(() => settingsCall(me.cookie, 'Merge/SendCode', { email: other.email }));
    expect(tally(sends)).toEqual({ '200': CAP, '429 E429100': 50 - CAP });
    expect(await mailsTo(other.email)).toBe(CAP);
    const codes = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM verification_codes WHERE account_id = ? AND purpose = 'merge'",
    )
      .bind(me.id)
      .first<number>('n');
    expect(codes).toBe(CAP);
  });
});
