// Issue 38 bench fixture: prints (as JSON) distinct CLR 2.0 records, each holding 40 course
// credentials from 3 schools (did:key issuers: their keys need no fetch, as cached keys do not),
// the record signed by the first school, for bench/clr.mjs to verify or hold. Run with tsx:
// `tsx bench/clr.ts <records> <courses> [learner,learner,...]` (record r is the r-th learner's, in turn).
import { signOb3Credential } from '../src/server/ob3/proof/sign';
import { freshDidKey } from './did-key';

const COUNT = Number(process.argv[2] ?? 40);
const NESTED = Number(process.argv[3] ?? 40);
const OB3 = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];
const CLR = [OB3[0], 'https://purl.imsglobal.org/spec/clr/v2p0/context-2.0.1.json', OB3[1]];
const LEARNERS = (process.argv[4] ?? 'bench@example.test').split(',');
const identifier = (email: string) => [
  { type: 'IdentityObject', identityHash: email, identityType: 'emailAddress', hashed: false },
];

const schools = await Promise.all(
  ['Harbour College', 'Inland Institute', 'Summit University'].map(async (name) => {
    const { did, signer } = await freshDidKey();
    return { profile: { id: did, type: ['Profile'], name }, signer };
  }),
);

function course(n: number, term: string, learner: string) {
  const id = `https://bench.example/courses/${n}`;
  return {
    '@context': OB3,
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    validFrom: '2026-01-15T00:00:00Z',
    name: `Course ${n}`,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: identifier(learner),
      achievement: {
        id,
        type: ['Achievement'],
        achievementType: 'Course',
        name: `Course ${n}`,
        description: `Course number ${n}.`,
        criteria: { narrative: 'Passed the course.' },
        creditsAvailable: 3,
        resultDescription: [
          { id: `${id}#grade`, type: ['ResultDescription'], name: 'Grade', resultType: 'LetterGrade' },
        ],
      },
      creditsEarned: 3,
      term,
      result: [{ type: ['Result'], resultDescription: `${id}#grade`, value: 'ABCD'[n % 4] }],
    },
  };
}

const out: unknown[] = [];
for (let r = 0; r < COUNT; r++) {
  const learner = LEARNERS[r % LEARNERS.length] as string;
  const nested = [];
  for (let n = 0; n < NESTED; n++) {
    const school = schools[n % schools.length] as (typeof schools)[number];
    nested.push(
      await signOb3Credential({ ...course(n, `Term ${(n % 6) + 1}`, learner), issuer: school.profile }, school.signer),
    );
  }
  const owner = schools[0] as (typeof schools)[number];
  const record = {
    '@context': CLR,
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'ClrCredential'],
    issuer: owner.profile,
    validFrom: '2026-02-01T00:00:00Z',
    name: `Transcript ${r}`,
    credentialSubject: { type: ['ClrSubject'], identifier: identifier(learner), verifiableCredential: nested },
  };
  out.push(await signOb3Credential(record, owner.signer));
}
process.stdout.write(JSON.stringify(out));
