import { env } from 'cloudflare:workers';
import { normalizeEmail } from '../../src/lib/email';
import { qrPng } from '../../src/server/images/qr';
import { hashRecipient } from '../../src/server/openbadges/documents';
import { createAccount, unique } from './helpers';
import { newIssuer } from './issuing-helpers';

/**
 * Academic documents for the credential and PDF tests, written as the issuer API writes them
 * (a template, a document with its recipient identity and a pending PDF). Direct rows keep these
 * tests about the credential and the PDF, not about the issuer API, which has its own tests.
 */
export interface SeedDoc {
  kind?: 'completion' | 'diploma' | 'transcript';
  language?: string;
  name?: string;
  title?: string;
  details?: Record<string, string>;
  rows?: { course: string; credits: number; grade: string; term: string }[];
  fields?: string[];
  layout?: 'classic' | 'modern';
  images?: boolean;
  /** Write no recipient identity (a row from before identities were written). */
  noIdentity?: boolean;
  /** The template's signer (default: 山本 太郎, Dean / 学長). */
  signer?: { name: string; title: string };
  /** The template's heading in every language, instead of the kind's own. */
  heading?: string;
}

export async function seedIssuer(name = '東京工科大学 Tokyo Tech Academy') {
  const issuer = await newIssuer(name);
  const images: Record<string, string> = {};
  for (const which of ['logo', 'signature', 'seal']) {
    const key = `test/cert-templates/${unique(which)}.png`;
    // A real, decodable PNG (a QR code), so the PDF embeds it as an image.
    await env.BUCKET.put(key, await qrPng(`https://example.org/${which}`, 120));
    images[which] = key;
  }
  return { ...issuer, images };
}

export async function seedDoc(
  issuer: Awaited<ReturnType<typeof seedIssuer>>,
  account: { id: string; email: string },
  o: SeedDoc = {},
) {
  const kind = o.kind ?? 'diploma';
  const lang = o.language ?? 'en';
  const now = Date.now();
  const templateId = unique('tpl');
  const docId = unique('doc');
  const salt = unique('salt');
  const hash = o.noIdentity ? '' : await hashRecipient(normalizeEmail(account.email), salt);
  const headings: Record<string, Record<string, string>> = {
    completion: { en: 'Certificate of Completion', ja: '修了証明書', th: 'ประกาศนียบัตร', 'bn-BD': 'সমাপনী সনদ' },
    diploma: { en: 'Diploma', ja: '学位記', th: 'ปริญญาบัตร', 'bn-BD': 'ডিগ্রি সনদ' },
    transcript: { en: 'Transcript', ja: '成績証明書', th: 'ใบแสดงผลการเรียน', 'bn-BD': 'একাডেমিক ট্রান্সক্রিপ্ট' },
  };
  const img = o.images === false ? null : issuer.images;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO cert_templates (id, issuer_id, name, kind, layout, languages_json, headings_json, fields_json,
         signer_name, signer_title, logo_key, signature_key, seal_key, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      templateId,
      issuer.issuerId,
      `Template ${kind}`,
      kind,
      o.layout ?? 'classic',
      JSON.stringify(['en', 'ja', 'th', 'bn-BD']),
      JSON.stringify(
        o.heading ? Object.fromEntries(Object.keys(headings[kind] ?? {}).map((l) => [l, o.heading])) : headings[kind],
      ),
      JSON.stringify(o.fields ?? []),
      o.signer?.name ?? '山本 太郎',
      o.signer?.title ?? 'Dean / 学長',
      img?.logo ?? null,
      img?.signature ?? null,
      img?.seal ?? null,
      now,
      now,
    ),
    env.DB.prepare(
      `INSERT INTO acad_docs (id, issuer_id, recipient_email, recipient_email_normalized, account_id, name, title,
         issuer_name, details_json, is_blockchain, issued_on, created_at, template_id, kind, language, rows_json,
         recipient_salt, recipient_hash, pdf_state, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
    ).bind(
      docId,
      issuer.issuerId,
      account.email,
      normalizeEmail(account.email),
      account.id,
      o.name ?? '山田 花子',
      o.title ?? 'Master of Data Science',
      '東京工科大学 Tokyo Tech Academy',
      JSON.stringify(o.details ?? { Major: 'Data Science', Honours: 'Summa cum laude' }),
      Date.parse('2026-03-20T00:00:00Z'),
      now,
      templateId,
      kind,
      lang,
      kind === 'transcript' ? JSON.stringify(o.rows ?? []) : null,
      o.noIdentity ? '' : salt,
      hash,
      now,
    ),
  ]);
  return { docId, templateId };
}

/** An account (with English names) that holds documents. */
export async function seedOwner(first = '花子', last = '山田') {
  const acct = await createAccount({ first, last });
  await env.DB.prepare("UPDATE accounts SET first_name_en = 'Hanako', last_name_en = 'Yamada' WHERE id = ?")
    .bind(acct.id)
    .run();
  return acct;
}

/** Transcript rows: `n` courses with numbers of credits, letter grades and terms. */
export function transcriptRows(n: number) {
  const grades = ['A', 'B+', 'A-', 'C', 'B'];
  return Array.from({ length: n }, (_, i) => ({
    course: `${i % 3 === 0 ? 'データ構造とアルゴリズム' : 'Linear Algebra'} ${i + 1}`,
    credits: i % 4 === 0 ? 3 : 2,
    grade: grades[i % grades.length] as string,
    term: `202${i % 4} ${i % 2 ? 'Fall' : 'Spring'}`,
  }));
}

export async function docRow(id: string) {
  return env.DB.prepare('SELECT pdf_state, pdf_key, updated_at FROM acad_docs WHERE id = ?')
    .bind(id)
    .first<{ pdf_state: string; pdf_key: string | null; updated_at: number }>();
}
