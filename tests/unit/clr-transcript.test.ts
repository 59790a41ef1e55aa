import { describe, expect, it } from 'vitest';
import { clrTranscript } from '../../src/server/clr/hold/transcript';
import type { NestedVerdict } from '../../src/server/verdict/present';

/**
 * Issue 38, item 2: a held record read as a transcript. Courses come from the nested credentials
 * (objects or compact VC-JWTs), grouped by term in the order terms first appear; totals add only
 * what the record states; associations are told by the names of what they link.
 */
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const course = (id: string, name: string, term: string | null, credits: number | null, grade?: string) => ({
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  credentialSubject: {
    achievement: {
      id,
      name,
      humanCode: `C-${name}`,
      resultDescription: [{ id: `${id}#g`, name: 'Grade' }],
    },
    ...(term ? { term } : {}),
    ...(credits === null ? {} : { creditsEarned: credits }),
    ...(grade ? { result: [{ resultDescription: `${id}#g`, value: grade }] } : {}),
  },
});
const verdict = (index: number, state: NestedVerdict['state']): NestedVerdict => ({
  index,
  id: null,
  name: null,
  issuer_name: null,
  state,
  errors: state === 'invalid' ? ['E179'] : [],
  warnings: [],
});

describe('clrTranscript', () => {
  it('groups courses by term, adds credits to hundredths, and reads a nested VC-JWT', () => {
    const jwt = `${b64({ alg: 'EdDSA' })}.${b64({ vc: course('urn:c3', 'Optics', 'Spring', 0.2, 'B') })}.c2ln`;
    const record = {
      credentialSubject: {
        verifiableCredential: [
          course('urn:c1', 'Algebra', 'Fall', 0.1, 'A'),
          jwt,
          course('urn:c2', 'Geometry', 'Fall', null),
        ],
        achievement: [
          { id: 'urn:prog', name: 'Physics' },
          { id: 'urn:c1', name: 'Algebra (listed)' },
        ],
        association: [
          { associationType: 'isParentOf', sourceId: 'urn:prog', targetId: 'urn:c3' },
          { associationType: 'precedes', sourceId: 'urn:c1', targetId: 'urn:unknown' },
          { associationType: 'isParentOf', sourceId: 'urn:prog' },
        ],
      },
    };
    const t = clrTranscript(record, [verdict(0, 'valid'), verdict(1, 'invalid')]);
    expect(
      t.terms.map((x) => [
        x.term,
        x.credits,
        x.courses.map((c) => [c.name, c.code, c.credits, c.results, c.verdict?.state]),
      ]),
    ).toEqual([
      [
        'Fall',
        0.1,
        [
          ['Algebra', 'C-Algebra', 0.1, [{ label: 'Grade', value: 'A' }], 'valid'],
          ['Geometry', 'C-Geometry', null, [], undefined],
        ],
      ],
      ['Spring', 0.2, [['Optics', 'C-Optics', 0.2, [{ label: 'Grade', value: 'B' }], 'invalid']]],
    ]);
    expect(t.totals).toEqual({ courses: 3, credits: 0.3 });
    // The listed achievement a course already awards is not listed twice.
    expect(t.listed.map((a) => a.name)).toEqual(['Physics']);
    // Named where the record names them; an id it does not name stays an id; an incomplete one is left out.
    expect(t.associations).toEqual([
      { type: 'isParentOf', source: 'Physics', target: 'Optics' },
      { type: 'precedes', source: 'Algebra', target: 'urn:unknown' },
    ]);
  });

  it('a record with nothing readable is an empty transcript, not an error', () => {
    for (const record of [
      {},
      { credentialSubject: 'x' },
      { credentialSubject: { verifiableCredential: [null, 'not.a.jwt', 7] } },
    ]) {
      const t = clrTranscript(record, []);
      expect(t.totals.credits).toBeNull();
      expect(t.listed).toEqual([]);
    }
  });
});
