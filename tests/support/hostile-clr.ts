// Issue 38, browser tests: prints a CLR 2.0 record signed by a fresh did:key school, issued to the
// address given, every field a hostile school controls hostile (tests/e2e/clr-record.ts). Run with
// tsx (the signing code reads its JSON-LD contexts as JSON modules): tsx tests/support/hostile-clr.ts <email>
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { signOb3Credential } from '../../src/server/ob3/proof/sign';
import { HOSTILE_RECORD } from '../e2e/clr-record';

/**
 * Issue 38: a CLR 2.0 record for the browser tests, signed in node by a fresh did:key school (its
 * key needs no fetch, so its name is the record's own claim), issued to `email`, holding one
 * course signed by the same school; everything a hostile school controls is hostile.
 */
async function hostileRecord(email: string): Promise<string> {
  const fresh = await Ed25519Multikey.generate();
  const did = `did:key:${fresh.publicKeyMultibase}`;
  const key = await Ed25519Multikey.from({
    ...(await fresh.export({ secretKey: true })),
    id: `${did}#${fresh.publicKeyMultibase}`,
    controller: did,
  });
  const issuer = { id: did, type: ['Profile'], name: HOSTILE_RECORD.school, url: HOSTILE_RECORD.url };
  const identifier = [{ type: 'IdentityObject', identityHash: email, identityType: 'emailAddress', hashed: false }];
  const vc2 = 'https://www.w3.org/ns/credentials/v2';
  const ob3 = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
  const course = await signOb3Credential(
    {
      '@context': [vc2, ob3],
      id: `urn:uuid:${crypto.randomUUID()}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer,
      validFrom: '2026-01-15T00:00:00Z',
      name: HOSTILE_RECORD.course,
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier,
        achievement: {
          id: 'https://school.example/courses/optics',
          type: ['Achievement'],
          name: HOSTILE_RECORD.course,
          description: 'A course.',
          criteria: { narrative: 'Passed.' },
        },
        term: 'Fall 2025',
        creditsEarned: 3,
      },
    },
    key.signer(),
  );
  const record = {
    '@context': [vc2, 'https://purl.imsglobal.org/spec/clr/v2p0/context-2.0.1.json', ob3],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'ClrCredential'],
    issuer,
    validFrom: '2026-02-01T00:00:00Z',
    name: HOSTILE_RECORD.title,
    credentialSubject: { type: ['ClrSubject'], identifier, verifiableCredential: [course] },
  };
  return JSON.stringify(await signOb3Credential(record, key.signer()));
}

process.stdout.write(await hostileRecord(process.argv[2] ?? ''));
