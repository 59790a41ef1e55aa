import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { buildAcadDocPdf } from '../../src/server/certificates/pdf-job';
import { seedDoc, seedIssuer } from './acad-helpers';
import { downloadExport, exportCall, readZip } from './export-helpers';
import { awardTo, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';
import { unique } from './helpers';
import { signedIn } from './settings-helpers';

/**
 * Bench (issue 22 figures), run on demand only: `VITE_BENCH_EXPORT=1 npx vitest run --project integration
 * tests/integration/export-bench.test.ts`. A wallet of 1,000 badges issued here (each baked, with
 * its OB 2.0 assertion) and 20 certificates (printed PDFs): total export time, ZIP size, steps.
 */
// Vite exposes VITE_* variables of the shell to the test code.
const RUN = (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_BENCH_EXPORT;

describe.skipIf(!RUN)('export bench (issue 22)', () => {
  it('exports 1,000 badges and 20 certificates', { timeout: 900_000 }, async () => {
    const me = await signedIn();
    const { apiKey } = await newIssuer('Bench University');
    const classId = await newBadgeClass(apiKey);
    const { ids } = await awardTo(apiKey, classId, [me.email]);
    const first = ids[0] ?? '';
    const stmts = [];
    for (let i = 1; i < 1000; i++) {
      const id = unique('bench').replace(/-/g, '').slice(0, 32);
      stmts.push(
        env.DB.prepare(
          `INSERT INTO assertions SELECT ?, badge_class_id, issuer_id, recipient_email, recipient_email_normalized,
             recipient_salt, recipient_hash, account_id, 2, is_public, is_hidden, verification_type, is_blockchain,
             narrative, evidence_json, issued_on, expires_at, revoked_at, revoked_reason, deleted_by_owner_at,
             deleted_by_issuer_at, reissued_from, accepted_at, created_at, updated_at FROM assertions WHERE id = ?`,
        ).bind(id, first),
      );
    }
    for (let i = 0; i < stmts.length; i += 100) await env.DB.batch(stmts.slice(i, i + 100));
    await env.DB.prepare('UPDATE assertions SET accept_status = 2 WHERE id = ?').bind(first).run();
    const issuer = await seedIssuer();
    for (let i = 0; i < 20; i++) {
      const { docId } = await seedDoc(issuer, me);
      await buildAcadDocPdf(env, docId, Date.now());
    }
    const t0 = Date.now();
    const started = await exportCall(me.cookie, 'Start');
    const id = started.export?.id ?? '';
    await waitFor(
      async () =>
        (await env.DB.prepare('SELECT status FROM wallet_exports WHERE id = ?').bind(id).first<{ status: string }>())
          ?.status === 'ready',
      880_000,
    );
    const ms = Date.now() - t0;
    const row = await env.DB.prepare('SELECT step, size FROM wallet_exports WHERE id = ?')
      .bind(id)
      .first<{ step: number; size: number }>();
    const zip = await downloadExport(me.cookie, id);
    const files = await readZip(zip.bytes ?? new Uint8Array());
    console.log(
      `BENCH export: 1000 badges + 20 certificates: ${ms} ms total, ${row?.step} steps, ZIP ${row?.size} bytes, ${files.size} entries`,
    );
    expect(files.size).toBeGreaterThan(2000);
  });
});
