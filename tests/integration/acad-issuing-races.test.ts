import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { acadDocsRepo, type NewAcadDoc } from '../../src/server/issuing/acad-docs-repo';
import { emailsRepo } from '../../src/server/settings/emails-repo';
import { createAccount, unique } from './helpers';
import { ROWS, docRow, errorCode, issueDoc, newTemplate, outboxOf } from './acad-issuing-helpers';
import { issuerCall, newIssuer } from './issuing-helpers';

/*
 * Every write path of the certificate issuer API, 50 requests at once: each precondition is
 * re-checked inside its D1 batch, so exactly the right number win and the losers leave nothing.
 */
const N = 50;
const parallel = <T>(fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: N }, (_, i) => fn(i)));
const tally = (codes: (string | undefined)[]) =>
  codes.reduce<Record<string, number>>((n, c) => ({ ...n, [c ?? 'ok']: (n[c ?? 'ok'] ?? 0) + 1 }), {});

/** PDF jobs whose document does not exist: a loser that queued work anyway. */
const strayJobs = async () =>
  (
    await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM outbox WHERE kind = 'acad_pdf'
       AND json_extract(payload, '$.docId') NOT IN (SELECT id FROM acad_docs)`,
    ).first<{ n: number }>()
  )?.n;

describe('certificate issuing under 50 parallel requests', () => {
  it('issues 50 documents at once: each written once, with one PDF job and one mail', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey, { kind: 'transcript' });
    const results = await parallel((i) => issueDoc(apiKey, tpl.id, `${unique(`p${i}`)}@example.test`, { rows: ROWS }));
    expect(results.map((r) => r.res.status)).toEqual(Array(N).fill(200));
    const ids = new Set(results.map((r) => r.id));
    expect(ids.size).toBe(N);
    for (const id of ids) expect((await outboxOf(id)).map((j) => j.kind)).toEqual(['mail', 'acad_pdf']);
  });

  it('revokes once: one of 50 wins, 49 hear E409116, one reason is stored', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const doc = await issueDoc(apiKey, tpl.id, `${unique('rv')}@example.test`);
    const results = await parallel((i) => issuerCall(`/acad-docs/${doc.id}/revoke`, apiKey, { reason: `reason ${i}` }));
    expect(tally(results.map((r) => errorCode(r.json)))).toEqual({ ok: 1, E409116: N - 1 });
    const winner = results.findIndex((r) => r.res.status === 200);
    expect((await docRow(doc.id))?.revoked_reason).toBe(`reason ${winner}`);
  });

  it('reissues once: one successor, the old document retired, no job from a loser', async () => {
    const { apiKey } = await newIssuer();
    const acct = await createAccount();
    const tpl = await newTemplate(apiKey);
    const doc = await issueDoc(apiKey, tpl.id, acct.email);
    const results = await parallel((i) =>
      issuerCall(`/acad-docs/${doc.id}/reissue`, apiKey, { title: `Corrected ${i}` }),
    );
    expect(tally(results.map((r) => errorCode(r.json)))).toEqual({ ok: 1, E409116: N - 1 });
    const successors = await env.DB.prepare('SELECT id FROM acad_docs WHERE reissued_from = ?').bind(doc.id).all();
    expect(successors.results).toHaveLength(1);
    const fresh = results.find((r) => r.res.status === 200)?.json.acad_doc_id as string;
    expect(successors.results[0]).toEqual({ id: fresh });
    expect((await outboxOf(fresh)).map((j) => j.kind)).toEqual(['mail', 'acad_pdf']);
    expect((await docRow(doc.id))?.deleted_at).not.toBeNull();
    const notes = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM notifications WHERE account_id = ? AND message_key = 'notifications.certificate_reissued'",
    )
      .bind(acct.id)
      .first<{ n: number }>();
    expect(notes?.n).toBe(1);
    expect(await strayJobs()).toBe(0);
  });

  it('deletes once', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const doc = await issueDoc(apiKey, tpl.id, `${unique('del')}@example.test`);
    const results = await parallel(() => issuerCall(`/acad-docs/${doc.id}`, apiKey, undefined, 'DELETE'));
    expect(tally(results.map((r) => errorCode(r.json)))).toEqual({ ok: 1, E409116: N - 1 });
  });

  it('a template retired while 49 documents are issued with it: each request is issued or E422105, no job without its document', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const results = await parallel((i) =>
      i === 25
        ? issuerCall(`/cert-templates/${tpl.id}`, apiKey, undefined, 'DELETE')
        : issueDoc(apiKey, tpl.id, `${unique(`r${i}`)}@example.test`),
    );
    const codes = tally(results.map((r) => errorCode(r.json)));
    expect((codes.ok ?? 0) + (codes.E422105 ?? 0)).toBe(N);
    const t = await env.DB.prepare('SELECT deleted_at FROM cert_templates WHERE id = ?')
      .bind(tpl.id)
      .first<{ deleted_at: number }>();
    const docs = await env.DB.prepare('SELECT id, created_at FROM acad_docs WHERE template_id = ?')
      .bind(tpl.id)
      .all<{ id: string; created_at: number }>();
    expect(docs.results).toHaveLength((codes.ok ?? 0) - 1);
    for (const d of docs.results) expect(d.created_at).toBeLessThanOrEqual(t?.deleted_at ?? 0);
    expect(await strayJobs()).toBe(0);
  });

  it('a language dropped while documents are issued in it: never a live document in a language its template lacks', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const results = await parallel((i) =>
      i % 10 === 5
        ? issuerCall(`/cert-templates/${tpl.id}`, apiKey, { languages: ['en'], headings: { en: 'Diploma' } }, 'PATCH')
        : issueDoc(apiKey, tpl.id, `${unique(`l${i}`)}@example.test`, { language: 'ja' }),
    );
    for (const r of results) expect([undefined, 'E422106']).toContain(errorCode(r.json));
    const stray = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM acad_docs d JOIN cert_templates t ON t.id = d.template_id
       WHERE d.template_id = ? AND d.language NOT IN (SELECT value FROM json_each(t.languages_json))`,
    )
      .bind(tpl.id)
      .first<{ n: number }>();
    expect(stray?.n).toBe(0);
    expect(await strayJobs()).toBe(0);
  });

  it('documents issued while their address is being verified all end up matched', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const acct = await createAccount();
    const address = `${unique('race')}@example.test`;
    const now = Date.now();
    await env.DB.prepare(
      'INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES (?, ?, ?, ?, NULL, 0, ?)',
    )
      .bind(unique('e'), acct.id, address, address, now)
      .run();
    const repo = emailsRepo(env.DB);
    const results = await parallel<unknown>((i) =>
      i === 20
        ? env.DB.batch([repo.markVerified(acct.id, address, now), repo.attachAcadDocs(acct.id, address, now)])
        : issueDoc(apiKey, tpl.id, address),
    );
    expect(results.length).toBe(N);
    const unmatched = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM acad_docs WHERE recipient_email_normalized = ? AND account_id IS NULL',
    )
      .bind(address)
      .first<{ n: number }>();
    expect(unmatched?.n).toBe(0);
  });

  it('creates 50 templates at once, each with its own stored image', async () => {
    const { apiKey } = await newIssuer();
    const results = await parallel((i) => newTemplate(apiKey, { name: `Template ${i}` }));
    expect(results.map((r) => r.res.status)).toEqual(Array(N).fill(200));
    const keys = await env.DB.prepare(
      `SELECT COUNT(DISTINCT logo_key) AS n FROM cert_templates WHERE issuer_id = (SELECT issuer_id FROM cert_templates WHERE id = ?)`,
    )
      .bind(results[0]?.id)
      .first<{ n: number }>();
    expect(keys?.n).toBe(N);
  });

  it('changes one template 50 times at once: every change lands whole, the last one wins', async () => {
    const { apiKey } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const results = await parallel((i) =>
      issuerCall(`/cert-templates/${tpl.id}`, apiKey, { name: `Name ${i}`, signer_name: `Signer ${i}` }, 'PATCH'),
    );
    expect(results.map((r) => r.res.status)).toEqual(Array(N).fill(200));
    const row = await env.DB.prepare('SELECT name, signer_name FROM cert_templates WHERE id = ?')
      .bind(tpl.id)
      .first<{ name: string; signer_name: string }>();
    expect(row?.name.replace('Name ', '')).toBe(row?.signer_name.replace('Signer ', ''));
  });
});

describe('the checked insert, on its own', () => {
  // The service reads before it writes; these are the re-checks that hold when a change lands between.
  it('writes nothing for a retired template, a language the template lacks, or a deleted predecessor', async () => {
    const { apiKey, issuerId } = await newIssuer();
    const tpl = await newTemplate(apiKey);
    const old = await issueDoc(apiKey, tpl.id, `${unique('old')}@example.test`);
    const repo = acadDocsRepo(env.DB);
    const doc = (over: Partial<NewAcadDoc>): NewAcadDoc => ({
      id: unique('doc'),
      issuerId,
      templateId: tpl.id,
      recipientEmail: 'x@example.test',
      recipientEmailNormalized: 'x@example.test',
      name: 'N',
      title: 'T',
      issuerName: 'I',
      detailsJson: '{}',
      rowsJson: null,
      language: 'en',
      isBlockchain: false,
      issuedOn: 1,
      recipientSalt: 's',
      recipientHash: 'h',
      reissuedFrom: null,
      ...over,
    });
    const changes = async (d: NewAcadDoc) => (await repo.insertChecked(d, Date.now()).run()).meta.changes;
    expect(await changes(doc({ language: 'th' }))).toBe(0);
    expect(await changes(doc({ issuerId: (await newIssuer()).issuerId }))).toBe(0);
    await env.DB.prepare('UPDATE acad_docs SET deleted_at = 1 WHERE id = ?').bind(old.id).run();
    expect(await changes(doc({ reissuedFrom: old.id }))).toBe(0);
    expect(await changes(doc({}))).toBe(1);
    await env.DB.prepare('UPDATE cert_templates SET deleted_at = 1 WHERE id = ?').bind(tpl.id).run();
    expect(await changes(doc({}))).toBe(0);
  });
});
