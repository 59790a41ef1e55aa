import { env } from 'cloudflare:workers';
import { constants, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/lib/bytes';
import { craftedZip, downloadExport, exportCall, hostCount, importZip, type CraftedEntry } from './export-helpers';
import { createAccount, createSession } from './helpers';
import { awardTo, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';
import { didKey, ob3Credential, walletCall } from './ob3-import-helpers';

const MiB = 1024 * 1024;

/** Text that deflates about 88:1: a digit every 190 spaces (zeros reach 1030:1, which the ratio check refuses). */
function bombText(size: number): Uint8Array {
  const b = new Uint8Array(size).fill(0x20);
  let s = 1;
  for (let i = 0; i < size; i += 190) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    b[i] = 48 + ((s >>> 16) % 10);
  }
  return b;
}

/** The bomb of issue 33: 24 badge files of 8 MiB each, about 2.3 MB in all. */
function issueBomb(deflated: Uint8Array, crc: number) {
  return craftedZip(
    Array.from({ length: 24 }, (_, i) => ({
      name: `imported/b${i}/credential-ob3.json`,
      deflated,
      size: 8 * MiB,
      crc,
    })),
  );
}

/** Bytes no inflater reads: 0xff opens a block of the reserved type, so inflating any of it fails at once. */
const junk = (n: number) => new Uint8Array(n).fill(0xff);

/** A signed-in account, by cookie (and its token, for the single-badge import). */
async function account() {
  const acct = await createAccount();
  const token = await createSession(acct.id);
  return { ...acct, token, cookie: `accessToken=${token}` };
}

/** The account's whole-wallet export, once built. */
async function exportOf(cookie: string) {
  const id = (await exportCall(cookie, 'Start')).export?.id ?? '';
  await waitFor(async () => (await exportCall(cookie, 'Status')).export?.status === 'ready', 60_000);
  return (await downloadExport(cookie, id)).bytes ?? new Uint8Array();
}

/** A new account that now holds the address of `a` (closed), as when a person moves. */
async function heirOf(a: { id: string; email: string }) {
  await env.DB.batch([
    env.DB.prepare("UPDATE accounts SET status = 'deleted' WHERE id = ?").bind(a.id),
    env.DB.prepare('DELETE FROM account_emails WHERE account_id = ?').bind(a.id),
  ]);
  const b = await account();
  await env.DB.prepare('UPDATE account_emails SET email = ?, email_normalized = ? WHERE account_id = ?')
    .bind(a.email, a.email, b.id)
    .run();
  return b;
}

describe('the whole-wallet import cannot exhaust memory (issue 33, item 6)', () => {
  it('refuses the bomb of the issue from its declared sizes, before anything is inflated, translated', async () => {
    const me = await account();
    const text = bombText(8 * MiB);
    const deflated = deflateRawSync(text);
    const bomb = issueBomb(deflated, crc32(text));
    // The issue's archive: about 2.3 MB at about 88:1, which the directory's older checks admitted.
    expect(bomb.length).toBeGreaterThan(2_000_000);
    expect(bomb.length).toBeLessThan(2_600_000);
    const en = await importZip(me.cookie, bomb);
    expect([en.http, en.code]).toEqual([413, 'E413171']);
    expect(en.message).toMatch(/zip bomb/);
    const ja = await importZip(me.cookie, bomb, 'ja');
    expect([ja.http, ja.code]).toEqual([413, 'E413171']);
    expect(ja.message).toMatch(/ZIP爆弾/);
    // The same directory over bytes no inflater reads: still E413171, so nothing was inflated
    // (inflating any entry would have found them damaged, E422172).
    const unread = await importZip(me.cookie, issueBomb(junk(deflated.length), 0));
    expect([unread.http, unread.code]).toEqual([413, 'E413171']);
    expect(await hostCount(me.id)).toBe(0);
  });

  it('caps each badge file and all of them together, from the declared sizes', async () => {
    const me = await account();
    const png = (n: number, size: number): CraftedEntry[] =>
      Array.from({ length: n }, (_, i) => ({ name: `badges/p${i}/badge-baked.png`, deflated: junk(90_000), size }));
    const over = async (entries: CraftedEntry[]) => (await importZip(me.cookie, craftedZip(entries))).code;
    // Refused unread (E413171) past a cap; under it the entry is read, and found damaged (E422172).
    expect(await over(png(1, 8 * MiB))).toBe('E413171');
    expect(await over(png(1, 5 * MiB))).toBe('E422172');
    const credential = (size: number) => [{ name: 'imported/c/credential-ob3.json', deflated: junk(3000), size }];
    expect(await over(credential(256 * 1024 + 1))).toBe('E413171');
    expect(await over(credential(256 * 1024))).toBe('E422172');
    // 13 files of 5 MiB pass 64 MiB together; 12 do not.
    expect(await over(png(13, 5 * MiB))).toBe('E413171');
    expect(await over(png(12, 5 * MiB))).toBe('E422172');
    expect(await hostCount(me.id)).toBe(0);
  });

  it('stops inflating an entry the moment it passes its declared size', async () => {
    const me = await account();
    // A deflate stream that is sound for 1 MiB of output and then broken.
    const text = bombText(MiB);
    const deflated = new Uint8Array([...deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH }), 0xff, 0xff]);
    const entry = (size: number) => craftedZip([{ name: 'imported/a/assertion.json', deflated, size }]);
    // Declared 600 bytes: stopped there, long before the break (E413171). Inflating the whole entry
    // first, as the runtime's DecompressionStream does, meets the break instead (E422172).
    const lie = await importZip(me.cookie, entry(600));
    expect([lie.http, lie.code]).toEqual([413, 'E413171']);
    // Declared in full: inflated up to the break, which is reported as damage.
    const honest = await importZip(me.cookie, entry(MiB));
    expect([honest.http, honest.code]).toEqual([422, 'E422172']);
  });

  it('answers the import throttle first: a throttled account sending the bomb is told to wait, nothing read', async () => {
    const me = await account();
    // Spend the account's imports (10 a minute) on single badges that are not even read.
    let answer: number | null = null;
    for (let i = 0; i < 12 && answer !== 429; i++)
      answer = (await walletCall(me.token, 'AddBadge', { json: 'not a badge' }, `203.0.113.${i}`)).http;
    expect(answer).toBe(429);
    const text = bombText(8 * MiB);
    const bomb = issueBomb(deflateRawSync(text), crc32(text));
    const r = await importZip(me.cookie, bomb);
    expect([r.http, r.code]).toEqual([429, 'E429100']);
    expect(r.message).toMatch(/Too many requests/);
    // Before the upload is even decoded: something that is not a ZIP gets the same answer.
    const junkZip = await importZip(me.cookie, new TextEncoder().encode('not a zip at all'));
    expect([junkZip.http, junkZip.code]).toEqual([429, 'E429100']);
  });

  it(
    'a badge issued here comes back from its baked image, in the account its address has moved to',
    {
      timeout: 120_000,
    },
    async () => {
      const a = await account();
      const { apiKey } = await newIssuer();
      const { ids } = await awardTo(apiKey, await newBadgeClass(apiKey), [a.email]);
      await env.DB.prepare('UPDATE assertions SET accept_status = 2, accepted_at = ? WHERE id = ?')
        .bind(Date.now(), ids[0])
        .run();
      const zip = await exportOf(a.cookie);
      const b = await heirOf(a);
      const r = await importZip(b.cookie, zip);
      expect(r.json).toMatchObject({ found: 1, imported: 1, failed: 0 });
      expect(await hostCount(b.id)).toBe(1);
    },
  );

  it(
    '50 parallel imports of the same export: one badge written, the rest duplicates or throttled, never 500',
    {
      timeout: 120_000,
    },
    async () => {
      const a = await account();
      const key = await didKey();
      const signed = await key.sign(ob3Credential(key.did, a.email));
      expect((await walletCall(a.token, 'AddBadge', { json: JSON.stringify(signed) }, '198.51.100.7')).http).toBe(200);
      const zip = await exportOf(a.cookie);
      // The address moves to a new account, which imports the export 50 times at once.
      const b = await heirOf(a);
      const answers = await Promise.all(Array.from({ length: 50 }, () => importZip(b.cookie, zip)));
      expect(answers.filter((r) => r.http !== 200 && r.code !== 'E429100')).toEqual([]);
      const done = answers.filter((r) => r.http === 200);
      expect(done.length).toBeGreaterThan(0);
      expect(done.reduce((n, r) => n + (r.json['imported'] ?? 0), 0)).toBe(1);
      for (const r of done) expect(r.json).toMatchObject({ found: 1, failed: 0 });
      expect(await hostCount(b.id)).toBe(1);
    },
  );
});
