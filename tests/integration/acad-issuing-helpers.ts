import { env } from 'cloudflare:workers';
import jpegUrl from '../fixtures/cpython/python.jpg?inline';
import { chunk, concat, ihdr, IEND, SIGNATURE } from '../support/png';
import { b64, issuerCall } from './issuing-helpers';

/** A real 16x16 baseline JPEG (CPython's test image; tests/fixtures/README.md). */
export const JPEG = Uint8Array.from(atob(jpegUrl.replace(/^data:[^,]*,/, '')), (c) => c.charCodeAt(0));

/** A real RGBA PNG whose pixels decode (deflated here), unlike the hand-made ones of png.ts. */
export async function realPng(width = 32, height = 32, ...extra: Uint8Array[]): Promise<Uint8Array> {
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([11, 92, 173, x === y ? 0 : 255], y * (1 + width * 4) + 1 + x * 4);
  const deflated = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  );
  return concat(SIGNATURE, ihdr(width, height), ...extra, chunk('IDAT', deflated), IEND);
}

export interface TemplateOver {
  [key: string]: unknown;
}

/** Creates a template through the API (a diploma in English and Japanese unless told otherwise). */
export async function newTemplate(apiKey: string, over: TemplateOver = {}) {
  const { res, json } = await issuerCall('/cert-templates', apiKey, {
    name: 'Diploma 2026',
    kind: 'diploma',
    languages: ['en', 'ja'],
    headings: { en: 'Diploma', ja: '学位記' },
    signer_name: 'Taro Suzuki',
    signer_title: 'President',
    logo: b64(await realPng()),
    ...over,
  });
  return { res, json, id: json.cert_template_id as string };
}

export const ROWS = [
  { course: 'Linear Algebra', credits: 2, grade: 'A', term: '2024 Spring' },
  { course: 'データ構造', credits: 2, grade: 'B+', term: '2024年度前期' },
  { course: 'Seminar', credits: 0.5, grade: 'P', term: '2024 Fall' },
];

/** Issues a document through the API. */
export async function issueDoc(apiKey: string, templateId: string, recipient: string, over: TemplateOver = {}) {
  const { res, json } = await issuerCall('/acad-docs', apiKey, {
    template_id: templateId,
    recipient,
    name: 'Hanako Yamada',
    title: 'Bachelor of Science',
    details: { Major: 'Information Engineering', GPA: '3.7' },
    ...over,
  });
  return { res, json, id: json.acad_doc_id as string };
}

/** The stored row of a document, snake_case as in D1. */
export const docRow = (id: string) =>
  env.DB.prepare('SELECT * FROM acad_docs WHERE id = ?').bind(id).first<Record<string, unknown>>();

/** The outbox rows named after a document (its PDF job and its mail). */
export async function outboxOf(id: string) {
  const r = await env.DB.prepare('SELECT id, kind, payload FROM outbox WHERE id IN (?, ?) ORDER BY id')
    .bind(`acad-mail-${id}`, `acad-pdf-${id}`)
    .all<{ id: string; kind: string; payload: string }>();
  return r.results;
}

export const errorCode = (json: Record<string, unknown>) => (json.errors as { code: string }[] | undefined)?.[0]?.code;
