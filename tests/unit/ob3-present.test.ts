import { describe, expect, it } from 'vitest';
import { ob3Details } from '../../src/server/wallet/ob3-present';

/** Issue 21: what a stored OB 3.0 credential adds to a detail page, read defensively (XSS-02). */
describe('ob3Details', () => {
  it('endorsements from the credential, the achievement and the issuer; links only http(s)', () => {
    const endorsement = (id: string, issuer: unknown, comment: string) => ({
      id,
      type: ['VerifiableCredential', 'EndorsementCredential'],
      issuer,
      credentialSubject: {
        id: 'https://guild.example/achievements/knots',
        type: ['EndorsementSubject'],
        endorsementComment: comment,
      },
    });
    const d = ob3Details({
      endorsement: [endorsement('https://board.example/e/1', { id: 'did:key:z1', name: 'Sea Board' }, 'Solid work.')],
      issuer: { id: 'did:key:z2', endorsement: endorsement('javascript:alert(1)', 'did:key:z3', 'Trust them.') },
      credentialSubject: {
        achievement: {
          endorsement: [endorsement('urn:uuid:1', { name: '<b>Harbour</b>' }, '<script>x</script>')],
          alignment: [
            { targetName: 'Data', targetUrl: 'data:text/html,<b>x</b>' },
            { targetUrl: 'https://no-name.example' },
          ],
        },
      },
    });
    // No verdicts kept for them: none is called verified (issue 21).
    expect(d.endorsements).toEqual([
      { issuer: 'Sea Board', comment: 'Solid work.', url: 'https://board.example/e/1', state: 'unchecked' },
      // Text stays text (Astro escapes it); a URN or script address is no link.
      { issuer: '<b>Harbour</b>', comment: '<script>x</script>', url: null, state: 'unchecked' },
      { issuer: 'did:key:z3', comment: 'Trust them.', url: null, state: 'unchecked' },
    ]);
    // An alignment without a name is not shown; a data: target is not linked.
    expect(d.alignments).toEqual([{ name: 'Data', url: null, framework: null, code: null }]);
  });

  it('a hostile credential: wrong types are ignored and lists are capped at 50', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ targetName: `T${i}`, targetUrl: 'https://a.example' }));
    const d = ob3Details({
      credentialSubject: [
        {
          achievement: {
            achievementType: { nested: true },
            tag: [1, 'ok', null],
            alignment: many,
            resultDescription: 'x',
          },
          result: [{ value: 7, status: 'Completed' }, 'not an object'],
        },
      ],
    });
    expect(d.achievementType).toBeNull();
    expect(d.skills).toEqual(['ok']);
    expect(d.alignments).toHaveLength(50);
    expect(d.resultDescriptions).toEqual([]);
    expect(d.results).toEqual([{ name: null, value: null, status: 'Completed' }]);
    expect(ob3Details({})).toEqual({
      achievementType: null,
      skills: [],
      resultDescriptions: [],
      results: [],
      alignments: [],
      endorsements: [],
    });
  });

  it('endorsement verdicts as kept: only a valid one at the same place with the same id is verified', () => {
    const e = (id?: string) => ({ ...(id ? { id } : {}), type: ['EndorsementCredential'], issuer: 'did:key:z9' });
    const credential = {
      endorsement: [e('urn:uuid:a'), e('urn:uuid:b'), e()],
      credentialSubject: { achievement: { endorsement: [e('urn:uuid:c'), e('urn:uuid:d'), e('urn:uuid:e')] } },
    };
    const d = ob3Details(credential, [
      { id: 'urn:uuid:a', name: null, state: 'valid' },
      { id: 'urn:uuid:b', name: null, state: 'invalid' },
      { id: null, name: null, state: 'unverifiable' },
      // Another id at this place (the credential changed since): not this endorsement's verdict.
      { id: 'urn:uuid:x', name: null, state: 'valid' },
      // A state we do not know, even one an object's prototype has, is no verdict.
      { id: 'urn:uuid:d', state: 'constructor' },
      'not an object',
    ]);
    expect(d.endorsements.map((x) => x.state)).toEqual([
      'verified',
      'invalid',
      'unverifiable',
      'unchecked',
      'unchecked',
      'unchecked',
    ]);
  });
});
