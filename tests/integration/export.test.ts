import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { purgeExpiredExports } from '../../src/server/export/housekeeping';
import { exportCarryKey, exportZipKey } from '../../src/server/export/objects-repo';
import { docRow, seedDoc, seedIssuer } from './acad-helpers';
import { downloadExport, exportCall, readZip, seedHostBadges } from './export-helpers';
import { awardTo, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';
import { signedIn } from './settings-helpers';

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
