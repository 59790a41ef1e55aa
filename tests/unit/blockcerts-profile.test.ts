import { describe, expect, it } from 'vitest';
import { issuerProfileDocument, keyValidFrom } from '../../src/server/blockcerts/profile';
import { bcUrls } from '../../src/server/blockcerts/urls';

describe('Blockcerts issuer profile: when the anchoring keys become valid', () => {
  // Verifiers (cert-verifier-js ensureValidIssuingKey, and ours) refuse a transaction whose block
  // time is not strictly after the key's `created`; block times are whole seconds.
  const accepts = (created: string, blockTimeSeconds: number) => blockTimeSeconds * 1000 > Date.parse(created);

  it('a first anchor mined within the second the issuer was created in is accepted', () => {
    const createdAt = Date.parse('2026-11-25T01:02:03.456Z');
    const doc = issuerProfileDocument(
      bcUrls('https://wallet.example'),
      { id: 'iss1', name: 'U', url: 'https://u.example', email: 'b@u.example', createdAt },
      ['0xabc'],
    );
    const created = doc.publicKey[0]?.created ?? '';
    expect(created).toBe('2026-11-25T01:02:02Z');
    expect(accepts(created, Math.floor(createdAt / 1000))).toBe(true);
    // ...and never a transaction from before the issuer existed (more than a second earlier).
    expect(accepts(created, Math.floor(createdAt / 1000) - 1)).toBe(false);
  });

  it('holds for every millisecond of a second', () => {
    for (const ms of [0, 1, 499, 999]) {
      const createdAt = Date.UTC(2026, 10, 25, 1, 2, 3, ms);
      expect(keyValidFrom(createdAt)).toBe(Date.UTC(2026, 10, 25, 1, 2, 2, 0));
    }
  });
});
