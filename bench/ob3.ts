// Issue 21 bench fixture: prints (as JSON) distinct OB 3.0 credentials signed with eddsa-rdfc-2022
// by did:key issuers, for bench/ob3.mjs to verify through Public/Verification. Run with tsx.
import { signOb3Credential } from '../src/server/ob3/proof/sign';
import { freshDidKey } from './did-key';

const COUNT = Number(process.argv[2] ?? 300);
const KEYS = 10;

const keys = await Promise.all(Array.from({ length: KEYS }, freshDidKey));

const out: unknown[] = [];
for (let i = 0; i < COUNT; i++) {
  const { did, signer } = keys[i % KEYS] as (typeof keys)[number];
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: did, type: ['Profile'], name: 'Bench issuer' },
    validFrom: '2026-01-01T00:00:00Z',
    name: `Bench badge ${i}`,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityHash: 'bench@example.test', identityType: 'emailAddress', hashed: false },
      ],
      achievement: {
        id: `https://bench.example/achievements/${i}`,
        type: ['Achievement'],
        name: `Bench badge ${i}`,
        description: 'A bench badge.',
        criteria: { narrative: 'Run the bench.' },
      },
    },
  };
  out.push(await signOb3Credential(credential, signer));
}
process.stdout.write(JSON.stringify(out));
