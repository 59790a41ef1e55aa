import { describe, expect, it } from 'vitest';
import { certificateJsonLd, heldRecordJsonLd } from '../../src/lib/certificate-json-ld';

const base = {
  id: 'doc-1',
  title: 'Bachelor of Science',
  kind: 'diploma' as const,
  language: 'ja',
  heading: '学位記',
  issued_on: '2025-03-20T00:00:00.000Z',
  issuer_name: 'Aoba University',
  issuer_url: 'https://aoba.example/',
};
const CANONICAL = 'https://wallet.example/ns/portal/openbadge/public/acaddocs/detail/doc-1';
const IMAGE = 'https://wallet.example/card.png';

describe('the JSON-LD of a public certificate page', () => {
  it('is a schema.org EducationalOccupationalCredential recognised by its issuer', () => {
    expect(JSON.parse(certificateJsonLd(base, CANONICAL, IMAGE))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'EducationalOccupationalCredential',
      '@id': CANONICAL,
      identifier: 'doc-1',
      name: 'Bachelor of Science',
      description: '学位記',
      url: CANONICAL,
      image: IMAGE,
      inLanguage: 'ja',
      credentialCategory: 'degree',
      educationalLevel: 'Bachelor of Science',
      dateCreated: '2025-03-20T00:00:00.000Z',
      recognizedBy: { '@type': 'Organization', name: 'Aoba University', url: 'https://aoba.example/' },
    });
  });

  it('names each kind’s category, and leaves out what it does not know', () => {
    const t = JSON.parse(
      certificateJsonLd({ ...base, kind: 'transcript', heading: null, issuer_url: null }, CANONICAL, IMAGE),
    ) as Record<string, unknown>;
    expect(t['credentialCategory']).toBe('transcript');
    expect(t).not.toHaveProperty('educationalLevel');
    expect(t).not.toHaveProperty('description');
    expect(t['recognizedBy']).toEqual({ '@type': 'Organization', name: 'Aoba University' });
    const c = JSON.parse(certificateJsonLd({ ...base, kind: 'completion' }, CANONICAL, IMAGE)) as Record<
      string,
      unknown
    >;
    expect(c['credentialCategory']).toBe('certificate');
  });

  it('cannot close its script element, whatever the issuer wrote (XSS-04)', () => {
    const evil = '</script><script>alert(1)</script>\u2028&';
    const out = certificateJsonLd({ ...base, title: evil, issuer_name: evil, heading: evil }, CANONICAL, IMAGE);
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect((JSON.parse(out) as { name: string }).name).toBe(evil);
  });
});

describe('a held learner record (issue 38)', () => {
  const record = {
    id: 'rec-1',
    title: '</script><script>alert(1)</script>',
    description: null,
    issued_on: '2026-02-01T00:00:00.000Z',
    issuer_name: 'Harbour College',
    issuer_url: 'https://harbour.example',
  };
  it('is a transcript recognized by a proven issuer; hostile text cannot close its script (XSS-04)', () => {
    const text = heldRecordJsonLd({ ...record, issuer_claimed: false }, 'en', CANONICAL, IMAGE);
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toMatchObject({
      '@type': 'EducationalOccupationalCredential',
      name: record.title,
      credentialCategory: 'transcript',
      recognizedBy: { name: 'Harbour College', url: 'https://harbour.example' },
    });
  });
  it('names no one as recognizing it when the issuer is only the record’s own claim', () => {
    expect(
      JSON.parse(heldRecordJsonLd({ ...record, issuer_claimed: true }, 'en', CANONICAL, IMAGE)),
    ).not.toHaveProperty('recognizedBy');
  });
});
