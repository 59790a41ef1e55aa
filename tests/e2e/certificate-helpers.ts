import { readFileSync } from 'node:fs';
import { issuerApi } from '../../scripts/lib/issuer-api.mjs';
import { registerAndActivate } from '../../scripts/lib/register.mjs';
import { startSessionFor } from './session';

/* The transcript holder the certificate specs share (certificates.spec.ts, certificates-read.spec.ts). */

const ORIGIN = 'http://127.0.0.1:8787';

/** What a transcript says: its heading, title, a course and the recipient's name as the document writes it. */
export interface TranscriptText {
  heading: string;
  title: string;
  course: string;
  name: string;
}

/**
 * A new recipient in `lang` (wallet name Misaki Takahashi) holding one two-row transcript, issued by
 * the demo issuer through the issuer API: a template in that language (with `template` added), then
 * the document (with `details`) to the recipient's verified address.
 */
export async function transcriptHolder(
  lang: string,
  text: TranscriptText,
  options: { tag: string; template?: Record<string, string>; details?: Record<string, string> },
) {
  const email = `${options.tag}-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = String(
    await registerAndActivate(ORIGIN, {
      email,
      password: 'Kestrel#Wing42',
      firstName: 'Misaki',
      lastName: 'Takahashi',
      language: lang,
    }),
  );
  const demo = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8')) as { issuers: { api_key: string }[] };
  const key = demo.issuers[0]?.api_key ?? '';
  const template = (await issuerApi(ORIGIN, '/cert-templates', key, {
    name: `Transcript ${lang} (${options.tag})`,
    kind: 'transcript',
    languages: [lang, 'en'],
    headings: { [lang]: text.heading, en: 'Academic Transcript' },
    ...options.template,
  })) as { cert_template_id: string };
  const doc = (await issuerApi(ORIGIN, '/acad-docs', key, {
    template_id: template.cert_template_id,
    recipient: email,
    name: text.name,
    title: text.title,
    language: lang,
    details: options.details ?? {},
    rows: [
      { course: text.course, credits: 2, grade: 'A', term: '2024' },
      { course: 'Data Structures', credits: 1.5, grade: 'B+', term: '2025' },
    ],
    issued_on: '2025-03-20T00:00:00Z',
  })) as { acad_doc_id: string };
  return { id, email, token: await startSessionFor(id), doc: doc.acad_doc_id, text };
}
