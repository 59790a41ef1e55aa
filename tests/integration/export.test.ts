import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import ja from '../../src/i18n/locales/ja.json';
import th from '../../src/i18n/locales/th.json';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { purgeExpiredExports } from '../../src/server/export/housekeeping';
import { exportCarryKey, exportZipKey } from '../../src/server/export/objects-repo';
import { docRow, seedDoc, seedIssuer } from './acad-helpers';
import { downloadExport, exportCall, readZip, seedHostBadges } from './export-helpers';
import { awardTo, issuerCall, newBadgeClass, newIssuer, PNG, waitFor } from './issuing-helpers';
import { signedIn } from './settings-helpers';
import { wrapThaiWords } from '../../src/i18n/thai-words';

const dec = new TextDecoder();
/** The value, or a failed test: a missing export, file or row is itself the failure. */
function must<T>(v: T | null | undefined, what = 'value'): T {
  if (v === null || v === undefined) throw new Error(`${what} missing`);
  return v;
}
const row = (id: string) =>
  env.DB.prepare('SELECT status, step, progress, size, expires_at AS expiresAt FROM wallet_exports WHERE id = ?')
    .bind(id)
    .first<{ status: string; step: number; progress: number; size: number; expiresAt: number }>();
const ready = (id: string, ms = 60_000) => waitFor(async () => (await row(id))?.status === 'ready', ms);

/** A wallet with a badge issued here (OB 2.0 + 3.0), imported OB 2.0/3.0/Blockcerts badges and a certificate. */
async function fullWallet() {
  const me = await signedIn();
  const { apiKey } = await newIssuer('Issuer <b>&</b> Co');
  const classId = await newBadgeClass(apiKey, { name: '<script>alert(1)</script> Kurs "A"' });
  const { ids } = await awardTo(apiKey, classId, [me.email]);
  const badgeId = must(ids[0]);
  await env.DB.prepare('UPDATE assertions SET accept_status = 2, accepted_at = ? WHERE id = ?')
    .bind(Date.now(), badgeId)
    .run();
  const [ob2] = await seedHostBadges(me.id, me.email, 1, 'ob2');
  const [ob3] = await seedHostBadges(me.id, me.email, 1, 'ob3');
  const [bc] = await seedHostBadges(me.id, me.email, 1, 'blockcerts');
  const issuer = await seedIssuer();
  const { docId } = await seedDoc(issuer, me);
  // seedDoc writes the row only; the PDF is printed by its job, run here as the queue would.
  await buildAcadDocPdf(env, docId, Date.now());
  expect((await docRow(docId))?.pdf_state).toBe('ready');
  return { me, badgeId, ob2: must(ob2), ob3: must(ob3), bc: must(bc), docId };
}

describe('whole-wallet export (issue 22)', () => {
  it(
    'exports every kind of item into a ZIP that reads back, with an escaped offline index',
    { timeout: 180_000 },
    async () => {
      const w = await fullWallet();
      const started = await exportCall(w.me.cookie, 'Start');
      expect(started.http).toBe(200);
      const id = must(started.export).id;
      // The panel shows the export's progress as one notice, which becomes "ready" at the end.
      const notices = async () =>
        (
          await env.DB.prepare('SELECT message_key AS k FROM notifications WHERE account_id = ? AND url LIKE ?')
            .bind(w.me.id, `%/setting/export?export=${id}`)
            .all<{ k: string }>()
        ).results.map((n) => n.k);
      expect((await notices()).length).toBe(1);
      await ready(id);
      expect(await notices()).toEqual(['notifications.export_ready']);
      const got = await downloadExport(w.me.cookie, id);
      expect(got.http).toBe(200);
      const files = await readZip(must(got.bytes));
      for (const name of [
        'account/profile.json',
        'account/emails.json',
        'account/notification-settings.json',
        'account/notifications.json',
        'index.html',
      ])
        expect(files.has(name), name).toBe(true);
      const profile = JSON.parse(dec.decode(files.get('account/profile.json'))) as Record<string, unknown>;
      expect(profile.firstName).toBe('Hanako');
      expect(JSON.stringify(profile)).not.toMatch(/password|\$argon2/i);
      expect(JSON.parse(dec.decode(files.get('account/emails.json')))).toEqual([
        expect.objectContaining({ email: w.me.email, isPrimary: true }),
      ]);
      const b = `badges/${w.badgeId}`;
      const ob2 = JSON.parse(dec.decode(files.get(`${b}/assertion-ob2.json`))) as { id: string };
      expect(ob2.id).toContain(w.badgeId);
      const baked = must(files.get(`${b}/badge-baked.png`));
      expect([...baked.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(dec.decode(baked)).toContain('openbadges');
      expect(files.has(`imported/${w.ob2}/assertion.json`)).toBe(true);
      expect(files.has(`imported/${w.ob3}/credential-ob3.json`)).toBe(true);
      expect(files.has(`imported/${w.bc}/blockcerts.json`)).toBe(true);
      const pdf = must(files.get(`certificates/${w.docId}/certificate.pdf`));
      expect(dec.decode(pdf.subarray(0, 5))).toBe('%PDF-');
      expect(files.has(`certificates/${w.docId}/certificate.json`)).toBe(true);

      const index = dec.decode(files.get('index.html'));
      expect(index).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Kurs &quot;A&quot;');
      expect(index).not.toContain('<script');
      expect(index).not.toMatch(/(src|href)="(https?:)?\/\//);
      expect(index).toContain(`href="${b}/badge-baked.png"`);
      expect(index).toContain(`href="certificates/${w.docId}/certificate.pdf"`);

      // Announced by a notice in the panel and a mail (through the outbox).
      const notice = await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM notifications WHERE account_id = ? AND message_key = 'notifications.export_ready'",
      )
        .bind(w.me.id)
        .first<{ n: number }>();
      expect(notice?.n).toBe(1);
      await waitFor(async () =>
        env.DB.prepare("SELECT 1 FROM dev_mailbox WHERE to_address = ? AND subject LIKE '%export%'")
          .bind(w.me.email)
          .first(),
      );
      const r = await row(id);
      expect(r?.progress).toBe(100);
      expect(must(r).expiresAt - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      // The carried bytes between steps are cleaned up once the ZIP is complete.
      await waitFor(async () => (await env.BUCKET.get(exportCarryKey(id, 1))) === null);
    },
  );

  it('50 parallel export requests make one export and one job', async () => {
    const me = await signedIn();
    await seedHostBadges(me.id, me.email, 3, 'ob2');
    const answers = await Promise.all(Array.from({ length: 50 }, () => exportCall(me.cookie, 'Start')));
    expect(answers.every((a) => a.http === 200)).toBe(true);
    expect(new Set(answers.map((a) => must(a.export).id)).size).toBe(1);
    const id = must(must(answers[0]).export).id;
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM wallet_exports WHERE account_id = ?')
      .bind(me.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const jobs = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'export_step' AND id = ?")
      .bind(`export:${id}:0`)
      .first<{ n: number }>();
    expect(jobs?.n).toBe(1);
    await ready(id);
    // Once it is ready, a new click starts a new export.
    const again = await exportCall(me.cookie, 'Start');
    expect(must(again.export).id).not.toBe(id);
  });

  it('refuses the link to anyone else, while building, and after seven days (translated)', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const id = must((await exportCall(me.cookie, 'Start')).export).id;
    const building = await downloadExport(me.cookie, id);
    if ((await row(id))?.status === 'building') expect(building.code).toBe('E409170');
    await ready(id);
    const foreign = await downloadExport(other.cookie, id);
    expect([foreign.http, foreign.code]).toEqual([404, 'E404170']);
    expect((await downloadExport('', id)).http).toBe(401);
    await env.DB.prepare('UPDATE wallet_exports SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, id)
      .run();
    const expired = await downloadExport(me.cookie, id);
    expect([expired.http, expired.code]).toEqual([410, 'E410170']);
    expect(expired.message).toMatch(/seven days/);
    // The nightly clean-up removes the expired ZIP (the row forgets it in the same batch).
    expect(await purgeExpiredExports(env)).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await env.BUCKET.head(exportZipKey(id))) === null);
    expect((await downloadExport(me.cookie, id)).code).toBe('E410170');
    expect((await exportCall(me.cookie, 'Status')).export?.status).toBe('expired');
  });

  it('exports a wallet of 5,000 badges in bounded steps', { timeout: 300_000 }, async () => {
    const me = await signedIn();
    await seedHostBadges(me.id, me.email, 5000, 'ob3');
    const id = must((await exportCall(me.cookie, 'Start')).export).id;
    let maxProgress = 0;
    let noticePercent = 0;
    await waitFor(async () => {
      const r = await row(id);
      if (r && r.status === 'building') {
        maxProgress = Math.max(maxProgress, r.progress);
        const n = await env.DB.prepare(
          "SELECT message_params AS p FROM notifications WHERE account_id = ? AND message_key = 'notifications.export_progress'",
        )
          .bind(me.id)
          .first<{ p: string }>();
        if (n) noticePercent = Math.max(noticePercent, (JSON.parse(n.p) as { percent: number }).percent);
      }
      return r?.status === 'ready';
    }, 280_000);
    // Progress moved on the page's row and in the panel's notice while it was built.
    expect(maxProgress).toBeGreaterThan(0);
    expect(noticePercent).toBeGreaterThan(0);
    const r = await row(id);
    // One page of 50 badges per step: 100 badge steps plus meta, section changes and the final step.
    expect(must(r).step).toBeGreaterThan(100);
    const files = await readZip(must((await downloadExport(me.cookie, id)).bytes));
    expect([...files.keys()].filter((n) => n.startsWith('imported/')).length).toBe(10_000);
    expect(files.has('index.html')).toBe(true);
  });
});

/*
 * Issue 35, item 2: an index the owner would keep. In the account's language (headings, dates in
 * its calendar, README.txt), each row titled by its own badge or document (not the holder), its
 * state marked, and a picture that is a file of the archive (or a placeholder where there is none).
 */
describe('an export a person can read (issue 35, item 2)', () => {
  /** The files of a finished export of this account. */
  async function exported(cookie: string) {
    const id = must((await exportCall(cookie, 'Start')).export).id;
    await ready(id);
    return readZip(must((await downloadExport(cookie, id)).bytes));
  }
  /** The index's table row of the item titled `title` (the whole <tr>). */
  const rowOf = (index: string, title: string) =>
    must(
      (index.match(/<tr class="[a-z]+">.*?<\/tr>/gs) ?? []).find((r) => r.includes(`>${title}</td>`)),
      title,
    );
  /** Every src and href of the page, as the names they point at. */
  const targets = (index: string) => [...index.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => decodeURI(must(m[1])));
  const setLanguage = (accountId: string, lang: string) =>
    env.DB.prepare('UPDATE accounts SET language = ? WHERE id = ?').bind(lang, accountId).run();

  it(
    'a Thai account: Thai headings, Buddhist-era dates, titles, state marks, pictures in the ZIP, a Thai README',
    { timeout: 180_000 },
    async () => {
      const me = await signedIn();
      await setLanguage(me.id, 'th');
      const { apiKey } = await newIssuer('Bangkok Academy');
      const award = async (name: string, over: Record<string, unknown> = {}) => {
        const id = must((await awardTo(apiKey, await newBadgeClass(apiKey, { name }), [me.email], over)).ids[0], name);
        await env.DB.prepare('UPDATE assertions SET accept_status = 2, accepted_at = ? WHERE id = ?')
          .bind(Date.now(), id)
          .run();
        return id;
      };
      const valid = await award('Badge still valid', { issued_on: '2026-03-20T00:00:00Z' });
      const revoked = await award('Badge revoked');
      expect((await issuerCall(`/assertions/${revoked}/revoke`, apiKey, { reason: 'Mistake' })).json.status).toBe(200);
      const expired = await award('Badge expired', {
        issued_on: '2024-01-10T00:00:00Z',
        expires: '2025-01-10T00:00:00Z',
      });
      // Imported badges: one with the image import keeps for it (R2 host-images/), one without any.
      const [withImage, noImage] = (await seedHostBadges(me.id, me.email, 2, 'ob2')) as [string, string];
      await env.BUCKET.put(`host-images/${withImage}.png`, PNG, { httpMetadata: { contentType: 'image/png' } });
      await env.DB.batch([
        env.DB.prepare('UPDATE host_assertions SET image_key = ? WHERE id = ?').bind(
          `host-images/${withImage}.png`,
          withImage,
        ),
        env.DB.prepare('UPDATE host_assertions SET expires_at = ? WHERE id = ?').bind(Date.now() - 86_400_000, noImage),
      ]);
      // Three certificates of one holder: each row must say which document it is.
      const issuer = await seedIssuer();
      const titles = ['Bachelor of Nursing', 'Certificate in Thai Cooking', 'Transcript of Records'];
      const docs: string[] = [];
      for (const title of titles) docs.push((await seedDoc(issuer, me, { title, name: 'Somchai Holder' })).docId);
      expect((await issuerCall(`/acad-docs/${docs[1]}/revoke`, issuer.apiKey, { reason: 'Error' })).json.status).toBe(
        200,
      );

      const files = await exported(me.cookie);
      const index = dec.decode(files.get('index.html'));
      // The account's language: lang and dir, Thai headings, nothing left in English.
      expect(index).toContain('<html lang="th" dir="ltr">');
      expect(index).toContain(`<h1>${wrapThaiWords(th.export.index.title)}</h1>`);
      expect(index).toContain(`<h2>${wrapThaiWords(th.export.index.badges)} (3)</h2>`);
      expect(index).toContain(`<h2>${wrapThaiWords(th.export.index.imported)} (2)</h2>`);
      expect(index).toContain(`<h2>${wrapThaiWords(th.export.index.certificates)} (3)</h2>`);
      expect(index).toContain(`<th scope="col">${wrapThaiWords(th.export.index.item_title)}</th>`);
      expect(index).not.toContain(en.export.index.title);
      expect(index).not.toContain(en.export.index.certificates);
      // Dates in the Thai (Buddhist) calendar, as the wallet's Thai pages write them.
      expect(rowOf(index, 'Badge still valid')).toContain('20 มีนาคม 2569');
      expect(rowOf(index, 'Badge expired')).toContain('10 มกราคม 2567');
      expect(index).not.toContain('2026-03-20');

      // Each certificate row is titled by its document, never by the holder's name.
      for (const title of titles) expect(rowOf(index, title)).toContain('20 มีนาคม 2569');
      expect(index).not.toContain('Somchai Holder');

      // State marks: valid, revoked, expired, each in Thai.
      const mark = (state: 'valid' | 'revoked' | 'expired') =>
        `<span class="state state-${state}">${wrapThaiWords(th.export.index[`state_${state}`])}</span>`;
      expect(rowOf(index, 'Badge still valid')).toContain(mark('valid'));
      expect(rowOf(index, 'Badge revoked')).toContain(mark('revoked'));
      expect(rowOf(index, 'Badge expired')).toContain(mark('expired'));
      expect(rowOf(index, 'Imported 0')).toContain(mark('valid'));
      expect(rowOf(index, 'Imported 1')).toContain(mark('expired'));
      expect(rowOf(index, titles[0] as string)).toContain(mark('valid'));
      expect(rowOf(index, titles[1] as string)).toContain(mark('revoked'));

      // Pictures: the baked badge, the class image of a revoked badge (it has no baked image), the
      // imported badge's stored image, each certificate's image; a placeholder where there is none.
      expect(rowOf(index, 'Badge still valid')).toContain(`<img class="thumb" src="badges/${valid}/badge-baked.png"`);
      expect(rowOf(index, 'Badge expired')).toContain(`src="badges/${expired}/badge-baked.png"`);
      expect(rowOf(index, 'Badge revoked')).toContain(`src="images/badges/${revoked}.png"`);
      expect(files.has(`badges/${revoked}/badge-baked.png`)).toBe(false);
      expect([...must(files.get(`images/badges/${revoked}.png`)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(rowOf(index, 'Imported 0')).toContain(`src="imported/${withImage}/image.png"`);
      expect([...must(files.get(`imported/${withImage}/image.png`))]).toEqual([...PNG]);
      expect(rowOf(index, 'Imported 1')).not.toContain('<img');
      expect(rowOf(index, 'Imported 1')).toContain(`role="img" aria-label="${th.export.index.no_image}"`);
      for (const [i, doc] of docs.entries()) {
        expect(rowOf(index, titles[i] as string)).toContain(`src="images/certificates/${doc}.png"`);
        expect([...must(files.get(`images/certificates/${doc}.png`)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      }
      // Every link and picture of the page is a relative name of a file in the archive.
      const names = targets(index);
      expect(names.length).toBeGreaterThan(20);
      for (const name of names) {
        expect(name, name).not.toMatch(/^([a-z]+:|\/)/);
        expect(files.has(name), name).toBe(true);
      }
      expect(names).toContain('README.txt');

      // README.txt: in Thai, what each folder is, how to verify (the wallet's verify page).
      const readme = dec.decode(files.get('README.txt'));
      expect(readme.startsWith(th.export.readme.title)).toBe(true);
      for (const key of ['files', 'badges', 'imported', 'certificates', 'images', 'verify', 'verify_any'] as const)
        expect(readme, key).toContain(th.export.readme[key]);
      expect(readme).toMatch(/https?:\/\/[^ ]+\/ns\/portal\/openbadge\/verification /);
      expect(readme).toContain(`${new Date().getUTCFullYear() + 543}`);
      expect(readme).not.toContain(en.export.readme.title);
      expect(readme).not.toContain(en.export.readme.verify);
    },
  );

  it('a Japanese account: Japanese headings, dates and README', { timeout: 120_000 }, async () => {
    const me = await signedIn();
    await setLanguage(me.id, 'ja');
    const { apiKey } = await newIssuer('東京アカデミー');
    const [badge] = (await awardTo(apiKey, await newBadgeClass(apiKey, { name: 'データ分析入門' }), [me.email])).ids;
    await env.DB.prepare('UPDATE assertions SET accept_status = 2, accepted_at = ? WHERE id = ?')
      .bind(Date.now(), must(badge))
      .run();
    await seedDoc(await seedIssuer(), me, { title: '修士（データサイエンス）' });

    const files = await exported(me.cookie);
    const index = dec.decode(files.get('index.html'));
    expect(index).toContain('<html lang="ja" dir="ltr">');
    expect(index).toContain(`<h1>${ja.export.index.title}</h1>`);
    expect(index).toContain(`<h2>${ja.export.index.badges} (1)</h2>`);
    expect(index).toContain(`<h2>${ja.export.index.certificates} (1)</h2>`);
    expect(index).toContain(`<th scope="col">${ja.export.index.state}</th>`);
    const doc = rowOf(index, '修士（データサイエンス）');
    expect(doc).toContain('2026年3月20日');
    expect(doc).toContain(`<span class="state state-valid">${ja.export.index.state_valid}</span>`);
    expect(doc).toContain('東京工科大学 Tokyo Tech Academy');
    expect(rowOf(index, 'データ分析入門')).toContain(`src="badges/${must(badge)}/badge-baked.png"`);
    expect(index).not.toContain('山田 花子');
    const readme = dec.decode(files.get('README.txt'));
    expect(readme.startsWith(ja.export.readme.title)).toBe(true);
    expect(readme).toContain(ja.export.readme.verify);
    expect(readme).toContain(ja.export.readme.verify_any);
    expect(readme).toContain(`「${ja.export.import_title}」`);
    expect(readme).not.toContain(en.export.readme.verify);
  });
});
