import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { E2E_BASE as BASE } from '../../scripts/lib/e2e-server.mjs';
import { dccOutbound, dccVerify, realFetch, step } from '../support/dcc-verify';
import { ADMIN, HEART, issuerApi } from './issuer-api';

type Obj = Record<string, unknown>;

/*
 * Independent proof of issue 38 (item 4), no browser: a transcript Lanyard issues, taken as its
 * CLR 2.0 record, verifies in the Digital Credentials Consortium's verifier-core (the record's own
 * proof, its did:web key and its status list read from this Worker), and so does each course
 * credential inside it; a changed copy fails; once the document is revoked, verifier-core reads
 * the record as revoked. verifier-core checks the outer proof only: the courses are verified one
 * by one here. (1EdTech's CLR JSON Schema is not on this machine: no schema check is claimed.)
 */

const issuer = (path: string, token: string, body?: unknown) => issuerApi(realFetch, path, token, body);

test('verifier-core verifies a Lanyard CLR 2.0 record and each course in it, and reads it as revoked once revoked', async () => {
  const made = await issuer('/issuers', ADMIN, {
    name: 'Trường Liên thông · 相互運用学院',
    url: 'https://college.example',
    email: 'registrar@college.example',
  });
  const key = made.api_key as string;
  const template = await issuer('/cert-templates', key, {
    name: 'Transcript 2026',
    kind: 'transcript',
    languages: ['en', 'ja'],
    headings: { en: 'Transcript of Records', ja: '成績証明書' },
    signer_name: 'Taro Suzuki',
    signer_title: 'Registrar',
    logo: readFileSync(HEART).toString('base64'),
  });
  expect(template.status).toBe(200);
  const rows = [
    { course: 'Linear Algebra', credits: 2, grade: 'A', term: '2025 Spring' },
    { course: 'データ構造', credits: 2, grade: 'B+', term: '2025年度前期' },
    { course: 'การสื่อสาร', credits: 3, grade: 'P', term: '2025 Fall' },
  ];
  const doc = await issuer('/acad-docs', key, {
    template_id: template.cert_template_id,
    recipient: `clr-interop-${Date.now().toString(36)}@example.test`,
    name: 'Hanako Yamada',
    title: 'Transcript of Records',
    details: { Programme: 'Information Engineering' },
    rows,
  });
  expect(doc.status).toBe(200);
  const res = await realFetch(`${BASE}/api/issuer/v1/acad-docs/${doc.acad_doc_id as string}/clr`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  const record = (await res.json()) as Obj;
  expect(record['type']).toEqual(['VerifiableCredential', 'ClrCredential']);

  const before = await dccVerify(record);
  expect(before.errors).toBeUndefined();
  expect(step(before, 'valid_signature')).toBe(true);
  expect(step(before, 'revocation_status')).toBe(true);
  const courses = (record['credentialSubject'] as Obj)['verifiableCredential'] as Obj[];
  expect(courses).toHaveLength(3);
  for (const course of courses) {
    const r = await dccVerify(course);
    expect(r.errors).toBeUndefined();
    expect(step(r, 'valid_signature')).toBe(true);
  }
  // The CLR context came from our bundled copy, did.json and the status list from this Worker.
  const asked = dccOutbound.map((o) => o.url);
  expect(asked).toContain('https://purl.imsglobal.org/spec/clr/v2p0/context-2.0.1.json');
  expect(asked.some((u) => u.endsWith('/did.json'))).toBe(true);
  expect(asked.some((u) => /\/status\/\d+$/.test(u))).toBe(true);
  expect(dccOutbound.filter((o) => o.refused)).toEqual([]);

  // A grade changed after signing fails the record's signature, and that course's own.
  const changed = structuredClone(record);
  const second = ((changed['credentialSubject'] as Obj)['verifiableCredential'] as Obj[])[1] as Obj;
  ((second['credentialSubject'] as Obj)['result'] as Obj[])[0] = { type: ['Result'], value: 'A' };
  expect(step(await dccVerify(changed), 'valid_signature') === true).toBe(false);
  expect(step(await dccVerify(second), 'valid_signature') === true).toBe(false);

  const revoked = await issuer(`/acad-docs/${doc.acad_doc_id as string}/revoke`, key, { reason: 'Issued by mistake' });
  expect(revoked.status).toBe(200);
  const after = await dccVerify(record);
  expect(step(after, 'valid_signature')).toBe(true);
  expect(step(after, 'revocation_status')).toBe(false);
});
