// Creates the demo world through the issuer API of a running Worker (issue 3: demo data comes from
// the API, not from SQL). Only what has no API yet (the recipient's account, publishing, an
// imported badge) is written with SQL, through wrangler's local D1. Idempotent: it records what it
// made in .wrangler/demo.json and does nothing when that still exists in the database.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DEMO } from './demo-data.mjs';
import { badgeSvg, issuerSvg, logoPng, sealPng, signaturePng } from './demo-images.mjs';
import { issuerApi } from './lib/issuer-api.mjs';
import { devBatch } from './lib/dev-sql.mjs';
import { registerAndActivate } from './lib/register.mjs';

const ADMIN = process.env.ISSUER_ADMIN_TOKEN ?? 'lanyard-dev-admin-token';
const STATE = '.wrangler/demo.json';
const b64 = (s) => Buffer.from(s).toString('base64');

/** Writes what has no API yet, as one batch through the running Worker. */
const sql = (base, statements) => devBatch(base, statements);
const q = (v) =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

const api = issuerApi;

async function alreadySeeded(base) {
  if (!existsSync(STATE)) return null;
  const state = JSON.parse(readFileSync(STATE, 'utf8'));
  const res = await fetch(`${base}/api/v1.0/openBadge/v2/Issuer/${state.issuers[0]?.issuer_id}`);
  return res.ok ? state : null;
}

/** Seeds the demo data if needed and returns what a newcomer needs (recipient, issuer keys). */
export async function seedDemo(base) {
  const existing = await alreadySeeded(base);
  if (existing) return existing;
  const now = Date.now();
  const { account, email, password } = DEMO.recipient;
  // The recipient signs up like anyone: registration, activation mail, activation.
  const accountId = await registerAndActivate(base, {
    email,
    password,
    firstName: account.first_name,
    lastName: account.last_name,
  });
  // Profile details and automatic receipt have no API yet (settings arrive with issue 7).
  await sql(base, [
    `UPDATE accounts SET first_name_en = ${q(account.first_name_en)}, last_name_en = ${q(account.last_name_en)}, bio = ${q(account.bio)}, auto_receive = 1 WHERE id = ${q(accountId)};`,
  ]);
  const issuers = [];
  for (const [i, issuer] of DEMO.issuers.entries()) {
    const created = await api(base, '/issuers', ADMIN, {
      name: issuer.name,
      url: issuer.url,
      email: issuer.email,
      description: issuer.description,
      is_certified: issuer.is_certified === 1,
      service_country: issuer.service_country,
      image: b64(issuerSvg(issuer.name[0], i === 0 ? '#0b5cad' : '#0f7b5f')),
    });
    issuers.push({ key: issuer.id, name: issuer.name, issuer_id: created.issuer_id, api_key: created.api_key });
  }
  const keyOf = (demoIssuerId) => issuers.find((x) => x.key === demoIssuerId).api_key;
  const classIds = {};
  for (const [i, bc] of DEMO.badgeClasses.entries()) {
    const { json } = {
      json: await api(base, '/badge-classes', keyOf(bc.issuer_id), {
        name: bc.name,
        description: bc.description,
        image: b64(badgeSvg(i, [...bc.name][0])),
        ...(bc.criteria_url ? { criteria_url: bc.criteria_url } : {}),
        ...(bc.criteria_narrative ? { criteria_narrative: bc.criteria_narrative } : {}),
        tags: bc.tags,
        ...(bc.expiry_days ? { expiry_days: bc.expiry_days } : {}),
      }),
    };
    classIds[bc.id] = { id: json.badge_class_id, issuer: bc.issuer_id };
  }
  const day = 86_400_000;
  const awarded = {};
  // Automatic receipt is on while the "already received" badges are awarded, then switched off.
  for (const a of DEMO.assertions) {
    if (a.accept_status === 0) continue;
    const cls = classIds[a.badge_class_id];
    const expired = a.expires_at !== undefined;
    const body = {
      badge_class_id: cls.id,
      recipients: [email],
      blockchain: a.is_blockchain === 1,
      ...(expired
        ? { issued_on: new Date(now - 400 * day).toISOString(), expires: new Date(now - 35 * day).toISOString() }
        : {}),
      ...(a.verification ? { verification: a.verification } : {}),
    };
    awarded[a.id] = (await api(base, '/awards', keyOf(cls.issuer), body)).assertions[0].assertion_id;
    if (a.revoked_reason)
      await api(base, `/assertions/${awarded[a.id]}/revoke`, keyOf(cls.issuer), { reason: a.revoked_reason });
  }
  await sql(base, [`UPDATE accounts SET auto_receive = 0 WHERE id = ${q(accountId)};`]);
  for (const a of DEMO.assertions.filter((x) => x.accept_status === 0)) {
    const cls = classIds[a.badge_class_id];
    awarded[a.id] = (
      await api(base, '/awards', keyOf(cls.issuer), { badge_class_id: cls.id, recipients: [email] })
    ).assertions[0].assertion_id;
  }
  // Publishing (issue 5) and importing (issue 6) have no API yet.
  const publicIds = DEMO.assertions.filter((a) => a.is_public === 1).map((a) => q(awarded[a.id]));
  const hostId = `demo-host-${createHash('sha256').update(email).digest('hex').slice(0, 12)}`;
  const external = DEMO.imported;
  await sql(base, [
    `UPDATE assertions SET is_public = 1 WHERE id IN (${publicIds.join(', ')});`,
    `INSERT OR IGNORE INTO host_assertions (id, account_id, external_id, source_url, assertion_json, badge_json, issuer_json, name, description, issuer_name, issuer_url, recipient_email, issued_on, is_public, verify_status, verified_at, created_at, updated_at) VALUES (${[hostId, accountId, external.assertion.id, external.assertion.id, JSON.stringify(external.assertion), JSON.stringify(external.badge), JSON.stringify(external.issuer), external.badge.name, external.badge.description, external.issuer.name, external.issuer.url, email, Date.parse(external.assertion.issuedOn), 1, 'valid', now, now, now].map(q).join(', ')});`,
  ]);
  // Certificates (issue 18): templates with PNG artwork, then the documents, through the issuer API.
  const templateIds = {};
  for (const [i, t] of DEMO.certTemplates.entries()) {
    const { id, issuer, ...fields } = t;
    const created = await api(base, '/cert-templates', keyOf(issuer), {
      ...fields,
      logo: logoPng(i === 2 ? '#0f7b5f' : '#0b5cad').toString('base64'),
      seal: t.kind === 'completion' ? undefined : sealPng().toString('base64'),
      signature: signaturePng().toString('base64'),
    });
    templateIds[id] = { id: created.cert_template_id, issuer };
  }
  const acadDocs = [];
  for (const { template, ...doc } of DEMO.acadDocs) {
    const t = templateIds[template];
    const created = await api(base, '/acad-docs', keyOf(t.issuer), { ...doc, template_id: t.id, recipient: email });
    acadDocs.push(created.acad_doc_id);
  }
  const state = {
    recipient: { email, password, account_id: accountId },
    issuers,
    assertions: awarded,
    acad_docs: acadDocs,
  };
  writeFileSync(STATE, JSON.stringify(state, null, 2));
  return state;
}
