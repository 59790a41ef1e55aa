import { obUrls } from '../openbadges/urls';
import type { BadgeSubject } from './subject-repo';

/**
 * The unsigned Blockcerts v3 credential of a blockchain badge (issue 19, design note §1): VC 1.1
 * with the OB v2 context for the hashed-email recipient, so every term is mapped and the hash is
 * the one cert-verifier-js recomputes. Interim builder of the batch, until blockcerts/credential.ts
 * (engineer E) gives the full one (issuer profile, display).
 */
export function badgeCredential(base: string, s: BadgeSubject, credentialId: string): Record<string, unknown> {
  const u = obUrls(base);
  const [algorithm, identity] = s.recipientHash.split('$');
  return {
    '@context': [
      'https://www.w3.org/2018/credentials/v1',
      'https://w3id.org/openbadges/v2',
      'https://w3id.org/blockcerts/v3',
    ],
    id: credentialId,
    type: ['VerifiableCredential', 'BlockcertsCredential'],
    issuer: u.issuer(s.issuerId),
    issuanceDate: new Date(s.issuedOn).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    name: s.name,
    description: s.description,
    credentialSubject: {
      recipient: { type: 'email', hashed: true, salt: s.recipientSalt, identity: `${algorithm}$${identity}` },
      claim: { type: 'BadgeClass', id: u.badgeClass(s.badgeClassId), name: s.name, description: s.description },
    },
  };
}
