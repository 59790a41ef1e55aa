import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { record, school } from './clr-helpers';
import { downloadExport, exportCall, hostCount, importZip, readZip, zipOf } from './export-helpers';
import { createAccount, createSession, unique } from './helpers';
import { waitFor } from './issuing-helpers';
import { didKey, ob3Credential, walletCall } from './ob3-import-helpers';
import { signedIn } from './settings-helpers';

const enc = new TextEncoder();

describe('importing an export (issue 22)', () => {
  it('refuses path traversal names, translated, and writes nothing', async () => {
    const me = await signedIn();
    for (const name of ['../evil.png', '/etc/passwd', 'badges/x/../../../evil.json', 'a\\..\\b.png', 'c:/x.png']) {
      const r = await importZip(
        me.cookie,
        await zipOf([
          ['account/profile.json', enc.encode('{}')],
          [name, enc.encode('x')],
        ]),
      );
      expect([r.http, r.code], name).toEqual([422, 'E422171']);
      expect(r.message).toMatch(/outside its folder/);
    }
    expect(await hostCount(me.id)).toBe(0);
  });

  it('refuses zip bombs: ratio, a header that lies about the size, too many entries', async () => {
    const me = await signedIn();
    // 8 MiB of zeros deflates to ~8 KB: a ratio no export has.
    const ratio = await importZip(
      me.cookie,
      await zipOf([['imported/a/credential-ob3.json', new Uint8Array(8 << 20)]]),
    );
    expect([ratio.http, ratio.code]).toEqual([413, 'E413171']);
    // 600 KB of zeros (ratio ~1:600 then patched): the headers claim 600 bytes, inflation stops there.
    const liar = await zipOf([['imported/b/credential-ob3.json', new Uint8Array(600_000)]]);
    const v = new DataView(liar.buffer);
    const central = v.getUint32(liar.length - 22 + 16, true);
    v.setUint32(22, 600, true);
    v.setUint32(central + 24, 600, true);
    const lie = await importZip(me.cookie, liar);
    expect([lie.http, lie.code]).toEqual([413, 'E413171']);
    const many = await zipOf(
      Array.from({ length: 20_001 }, (_, i) => [`f/${i}.png`, new Uint8Array(1)] as [string, Uint8Array]),
    );
    const crowd = await importZip(me.cookie, many);
    expect([crowd.http, crowd.code]).toEqual([413, 'E413171']);
    const junk = await importZip(me.cookie, enc.encode('not a zip at all'));
    expect([junk.http, junk.code]).toEqual([422, 'E422172']);
    expect(await hostCount(me.id)).toBe(0);
  });

  it(
    're-verifies each badge: foreign ones are counted, not imported; the owner gets theirs in a new account',
    { timeout: 120_000 },
    async () => {
      // A holds an OB 3.0 badge signed elsewhere and exports the wallet.
      const a = await createAccount();
      const tokenA = await createSession(a.id);
      const key = await didKey();
      const signed = await key.sign(ob3Credential(key.did, a.email));
      const added = await walletCall(tokenA, 'AddBadge', { json: JSON.stringify(signed) }, '198.51.100.9');
      expect(added.http).toBe(200);
      const cookieA = `accessToken=${tokenA}`;
      const id = (await exportCall(cookieA, 'Start')).export?.id ?? '';
      await waitFor(async () => (await exportCall(cookieA, 'Status')).export?.status === 'ready', 60_000);
      const zip = (await downloadExport(cookieA, id)).bytes ?? new Uint8Array();

      // Someone else importing it: the badge is not theirs.
      const other = await signedIn();
      const foreign = await importZip(other.cookie, zip);
      expect(foreign.http).toBe(200);
      expect(foreign.json).toMatchObject({ found: 1, imported: 0, foreign: 1 });
      expect(await hostCount(other.id)).toBe(0);

      // A's address moves to a new account (A closed): importing brings the badge, once.
      await env.DB.batch([
        env.DB.prepare("UPDATE accounts SET status = 'deleted' WHERE id = ?").bind(a.id),
        env.DB.prepare('DELETE FROM account_emails WHERE account_id = ?').bind(a.id),
      ]);
      const b = await createAccount();
      await env.DB.prepare('UPDATE account_emails SET email = ?, email_normalized = ? WHERE account_id = ?')
        .bind(a.email, a.email, b.id)
        .run();
      const cookieB = `accessToken=${await createSession(b.id)}`;
      const mine = await importZip(cookieB, zip);
      expect(mine.json).toMatchObject({ found: 1, imported: 1, foreign: 0 });
      expect(await hostCount(b.id)).toBe(1);
      const again = await importZip(cookieB, zip);
      expect(again.json).toMatchObject({ found: 1, imported: 0, duplicate: 1 });
      expect(await hostCount(b.id)).toBe(1);
    },
  );

  it(
    'an imported OB 2.0 badge is fetched again at its URL and imported into the account that now holds the address',
    { timeout: 120_000 },
    async () => {
      const port = inject('issuerPort');
      (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port}`;
      /** An account holding learner@example.test (verified): the address moves to it, as in import.test.ts. */
      const learner = async () => {
        const acct = await createAccount();
        await env.DB.prepare("DELETE FROM account_emails WHERE email_normalized = 'learner@example.test'").run();
        await env.DB.prepare(
          `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
         VALUES (?, ?, 'learner@example.test', 'learner@example.test', ?, 0, ?)`,
        )
          .bind(unique('em'), acct.id, Date.now(), Date.now())
          .run();
        return { ...acct, cookie: `accessToken=${await createSession(acct.id)}` };
      };
      const a = await learner();
      const token = a.cookie.slice('accessToken='.length);
      const added = await walletCall(
        token,
        'AddBadge',
        { url: `http://127.0.0.1:${port}/ob/a/valid.json` },
        '198.51.100.8',
      );
      expect(added.http).toBe(200);
      const id = (await exportCall(a.cookie, 'Start')).export?.id ?? '';
      await waitFor(async () => (await exportCall(a.cookie, 'Status')).export?.status === 'ready', 60_000);
      const zip = (await downloadExport(a.cookie, id)).bytes ?? new Uint8Array();
      const b = await learner();
      const r = await importZip(b.cookie, zip);
      expect(r.json).toMatchObject({ found: 1, imported: 1 });
      expect(await hostCount(b.id)).toBe(1);
    },
  );

  it(
    'a learner record held from elsewhere is exported as received, listed in the index, and held again by an import (issue 38)',
    { timeout: 120_000 },
    async () => {
      // A record naming its learner by a DID: any account may hold it (and none is shown as its learner).
      const harbour = await school('Harbour College');
      const unsigned = record(harbour, 'unused@example.test', []);
      const subject = unsigned['credentialSubject'] as Record<string, unknown>;
      delete subject['identifier'];
      subject['id'] = 'did:example:learner-42';
      const raw = JSON.stringify(await harbour.sign(unsigned));
      const a = await signedIn();
      const held = await walletCall(a.cookie.slice('accessToken='.length), 'AddBadge', { json: raw }, '198.51.100.7');
      expect([held.http, held.json['kind']]).toEqual([200, 'record']);
      const id = (await exportCall(a.cookie, 'Start')).export?.id ?? '';
      await waitFor(async () => (await exportCall(a.cookie, 'Status')).export?.status === 'ready', 60_000);
      const zip = (await downloadExport(a.cookie, id)).bytes ?? new Uint8Array();
      const files = await readZip(zip);
      const dec = new TextDecoder();
      expect(dec.decode(files.get(`records/${held.json['assertion_id'] as string}/learner-record.json`))).toBe(raw);
      const index = dec.decode(files.get('index.html'));
      expect(index).toContain('Learner records (1)');
      expect(index).toContain('Transcript of records');
      expect(dec.decode(files.get('README.txt'))).toContain('records/<id>/');

      const b = await signedIn();
      const heldBy = async (accountId: string) =>
        (
          await env.DB.prepare('SELECT COUNT(*) AS n FROM held_clrs WHERE account_id = ?')
            .bind(accountId)
            .first<{ n: number }>()
        )?.n;
      expect((await importZip(b.cookie, zip)).json).toMatchObject({ found: 1, imported: 1 });
      expect(await heldBy(b.id)).toBe(1);
      expect((await importZip(b.cookie, zip)).json).toMatchObject({ found: 1, imported: 0, duplicate: 1 });
      expect(await heldBy(b.id)).toBe(1);
    },
  );
});
