import { describe, expect, it } from 'vitest';
import { badgeDisplayHtml, credentialDocument, documentDisplayHtml } from '../../src/server/blockcerts/credential-doc';
import { credentialHash } from '../../src/server/blockcerts/hash';

const fields = {
  id: 'urn:uuid:00000000-0000-4000-8000-000000000000',
  issuerProfile: 'https://wallet.example/api/v1.0/openBadge/v2/BlockcertsIssuer/i1',
  issuedOn: Date.UTC(2026, 10, 24, 20, 0, 0, 123),
  expiresAt: null,
  name: 'বাংলা · 中文 · ไทย',
  description: 'Tiếng Việt 🎓',
  recipient: { salt: 's', identity: `sha256$${'a'.repeat(64)}` },
  recipientName: null,
  claim: { id: 'https://wallet.example/b/1', name: 'x', description: 'y', criteria: { narrative: 'z' } },
  display: { contentMediaType: 'text/html' as const, content: '<div>x</div>' },
  metadata: { kind: 'badge' },
};

describe('the credential document', () => {
  it('has second-precision RFC 3339 dates, an expiry only when there is one, and every term mapped', async () => {
    const doc = credentialDocument(fields);
    expect(doc.issuanceDate).toBe('2026-11-24T20:00:00Z');
    expect(doc).not.toHaveProperty('expirationDate');
    expect(doc.metadata).toBe('{"lanyard":{"kind":"badge"}}');
    const expiring = credentialDocument({ ...fields, expiresAt: Date.UTC(2030, 0, 1), recipientName: 'Ada' });
    expect(expiring.expirationDate).toBe('2030-01-01T00:00:00Z');
    expect(expiring.credentialSubject).toMatchObject({ name: 'Ada' });
    // credentialHash throws on any term no bundled context maps.
    await expect(credentialHash(expiring)).resolves.toHaveLength(32);
  });

  it('escapes issuer-written text in HTML displays and marks the language', () => {
    const html = documentDisplayHtml({
      lang: 'bn-BD',
      heading: 'সনদ <b>',
      title: 'a & "b"',
      recipientName: '<script>x</script>',
      lines: ['Degree: B.Sc.'],
      rows: [{ course: '<i>c</i>', credits: 1.5, grade: 'A', term: '2025' }],
      rowHeads: ['Course', 'Credits', 'Grade', 'Term'],
      issuerName: 'Issued by U',
      issuedOn: 'Issued on 1 May 2025',
    });
    expect(html.startsWith('<div lang="bn-BD">')).toBe(true);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('a &amp; &quot;b&quot;');
    expect(html).toContain('<td dir="auto">&lt;i&gt;c&lt;/i&gt;</td><td>1.5</td>');
    expect(badgeDisplayHtml('<b>', 'd')).toBe('<div><h1 dir="auto">&lt;b&gt;</h1><p dir="auto">d</p></div>');
  });
});
