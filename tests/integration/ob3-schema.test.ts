import { describe, expect, it } from 'vitest';
import { checkOb3Schema } from '../../src/server/ob3/schema/index';
import alignmentCase from '../fixtures/ob3-schema/achievementAlignmentCase-1.json';
import alignmentCe from '../fixtures/ob3-schema/achievementAlignmentCe-1.json';
import basic from '../fixtures/ob3-schema/basicOpenBadgeCredential-1.json';
import full from '../fixtures/ob3-schema/fullOpenBadge-1.json';
import skillCase from '../fixtures/ob3-schema/skillAssertionCase-1.json';
import skillCtdl from '../fixtures/ob3-schema/skillAssertionCtdl-1.json';

type Obj = Record<string, unknown>;
const copy = (v: unknown): Obj => structuredClone(v) as Obj;
const SCHEMA = 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_';
const ACHIEVEMENT = `${SCHEMA}achievementcredential_schema.json`;
const ENDORSEMENT = `${SCHEMA}endorsementcredential_schema.json`;

describe('OB 3.0 JSON Schema: the specification examples', () => {
  const examples = { basic, full, alignmentCase, alignmentCe, skillCase, skillCtdl };
  for (const [name, doc] of Object.entries(examples)) {
    it(`${name} matches the bundled AchievementCredential schema`, () => {
      expect(checkOb3Schema(doc)).toMatchObject({ ok: true, notChecked: [] });
    });
  }
  it("the full example's credentialSchema entry is resolved to the bundled copy", () => {
    expect(checkOb3Schema(full).checked).toEqual([ACHIEVEMENT]);
  });
});

describe('OB 3.0 JSON Schema: broken documents', () => {
  const cases: [string, (d: Obj) => void, string][] = [
    ['no issuer', (d) => delete d['issuer'], '/: Instance does not have required property "issuer".'],
    [
      'no credentialSubject',
      (d) => delete d['credentialSubject'],
      '/: Instance does not have required property "credentialSubject".',
    ],
    [
      'an achievement without criteria',
      (d) => delete (d['credentialSubject'] as { achievement: Obj }).achievement['criteria'],
      '/credentialSubject/achievement: Instance does not have required property "criteria".',
    ],
    [
      'validFrom not a date-time',
      (d) => (d['validFrom'] = 'yesterday'),
      '/validFrom: String does not match format "date-time".',
    ],
    [
      'an issuer given as a number',
      (d) => (d['issuer'] = 42),
      '/issuer: Instance does not match exactly one subschema (0 matches).',
    ],
    [
      'a subject without type',
      (d) => delete (d['credentialSubject'] as Obj)['type'],
      '/credentialSubject: Instance does not have required property "type".',
    ],
  ];
  for (const [name, breakIt, line] of cases) {
    it(`${name}: a readable violation`, () => {
      const doc = copy(basic);
      breakIt(doc);
      const r = checkOb3Schema(doc);
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.violations).toContain(line);
    });
  }
  it('an evidence of the wrong shape in the full example is reported at its place', () => {
    const doc = copy(full);
    doc['evidence'] = [{ id: 'https://e.example/1', type: 'NotEvidence' }];
    const r = checkOb3Schema(doc);
    expect(r.ok).toBe(false);
    expect((r.ok ? [] : r.violations).some((v) => v.startsWith('/evidence/0'))).toBe(true);
  });
  it('a credential of no OB 3.0 type, and no object at all, are violations', () => {
    const doc = copy(basic);
    doc['type'] = ['VerifiableCredential', 'OtherCredential'];
    expect(checkOb3Schema(doc)).toMatchObject({ ok: false, checked: [] });
    for (const bad of [null, 'text', [basic]]) expect(checkOb3Schema(bad)).toMatchObject({ ok: false });
  });
  it('caps the list of a document broken everywhere', () => {
    const doc = copy(full);
    for (const key of Object.keys(doc)) if (key !== 'type') doc[key] = 7;
    const r = checkOb3Schema(doc);
    expect(r.ok).toBe(false);
    expect((r.ok ? [] : r.violations).length).toBeLessThanOrEqual(27);
  });
});

describe('OB 3.0 JSON Schema: credentialSchema', () => {
  it('both id forms of a bundled schema are resolved; an unknown URL is listed as not checked, not fetched', () => {
    const doc = copy(basic);
    doc['credentialSchema'] = [
      { id: `${SCHEMA}achievementcredential-jsonschema1.json`, type: '1EdTechJsonSchemaValidator2019' },
      { id: 'https://accrediter.edu/schema/endorsementcredential.json', type: '1EdTechJsonSchemaValidator2019' },
      { type: 'JsonSchema' },
    ];
    expect(checkOb3Schema(doc)).toEqual({
      ok: false,
      // The schema itself wants an id on every entry.
      violations: ['/credentialSchema/2: Instance does not have required property "id".'],
      checked: [ACHIEVEMENT, `${SCHEMA}achievementcredential-jsonschema1.json`],
      notChecked: ['https://accrediter.edu/schema/endorsementcredential.json', '(an entry without an id)'],
    });
    (doc['credentialSchema'] as unknown[]).pop();
    expect(checkOb3Schema(doc)).toMatchObject({
      ok: true,
      notChecked: ['https://accrediter.edu/schema/endorsementcredential.json'],
    });
  });
  it('a declared schema of another type is applied too: an OpenBadgeCredential is no EndorsementCredential', () => {
    const doc = copy(basic);
    doc['credentialSchema'] = { id: ENDORSEMENT, type: '1EdTechJsonSchemaValidator2019' };
    const r = checkOb3Schema(doc);
    expect(r).toMatchObject({ ok: false, checked: [ACHIEVEMENT, ENDORSEMENT] });
  });
  it("an EndorsementCredential is checked against the endorsement schema (the full example's endorsement)", () => {
    const endorsement = (full as unknown as { endorsement: Obj[] }).endorsement[0];
    expect(checkOb3Schema(endorsement)).toMatchObject({ ok: true, checked: [ENDORSEMENT] });
    const broken = copy(endorsement);
    delete (broken['credentialSubject'] as Obj)['type'];
    expect(checkOb3Schema(broken).ok).toBe(false);
  });
});
