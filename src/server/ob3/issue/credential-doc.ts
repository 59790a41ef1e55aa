import { obUrls } from '../../openbadges/urls';
import type { Ob3Award } from './credential-repo';
import { ob3Urls } from './urls';

type Obj = Record<string, unknown>;

const VC2 = 'https://www.w3.org/ns/credentials/v2';
const OB303 = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
// Defines the credentialSchema type 1EdTechJsonSchemaValidator2019 (not in the 3.0.3 context).
const OB_EXT = 'https://purl.imsglobal.org/spec/ob/v3p0/extensions.json';
const SCHEMA = 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The issuer as an OB 3.0 Profile: its did:web, with the same name, site and image as in 2.0. */
export function issuerProfile(publicBaseUrl: string, issuer: Ob3Award['issuer']): Obj {
  const u = obUrls(publicBaseUrl);
  return {
    id: ob3Urls(publicBaseUrl).did(issuer.id),
    type: ['Profile'],
    name: issuer.name,
    url: issuer.url,
    ...(issuer.email ? { email: issuer.email } : {}),
    ...(issuer.description ? { description: issuer.description } : {}),
    ...(issuer.imageKey ? { image: { id: u.issuerImage(issuer.id), type: 'Image' } } : {}),
  };
}

/** The badge class as an OB 3.0 Achievement (its id is the 2.0 BadgeClass URL: the same badge). */
function achievement(publicBaseUrl: string, bc: Ob3Award['bc'], tags: string[]): Obj {
  const u = obUrls(publicBaseUrl);
  const stored = bc.alignmentsJson ? (JSON.parse(bc.alignmentsJson) as Obj[]) : [];
  const criteria = {
    ...(bc.criteriaUrl ? { id: bc.criteriaUrl } : {}),
    ...(bc.criteriaNarrative ? { narrative: bc.criteriaNarrative } : {}),
  };
  return {
    id: u.badgeClass(bc.id),
    type: ['Achievement'],
    achievementType: 'Badge',
    name: bc.name,
    description: bc.description,
    // The schema needs criteria; a class with neither a URL nor a narrative points at its own page.
    criteria: Object.keys(criteria).length ? criteria : { id: u.badgeClassPage(bc.issuerId, bc.id) },
    ...(bc.imageKey ? { image: { id: u.badgeClassImage(bc.id), type: 'Image' } } : {}),
    ...(tags.length ? { tag: tags } : {}),
    ...(stored.length ? { alignment: stored.map((a) => ({ type: ['Alignment'], ...a })) } : {}),
  };
}

/**
 * An award made here as an unsigned OpenBadgeCredential (VC 2.0 + OB 3.0.3). The recipient is the
 * award's salted SHA-256 identity, never the address itself; the status entry is its bit in the
 * issuer's BitstringStatusList (absent for awards made before issue 21).
 */
export function credentialDocument(
  publicBaseUrl: string,
  award: Ob3Award,
  tags: string[],
  status: { listNo: number; index: number } | null,
): Obj {
  const { a, bc, issuer } = award;
  const urls = ob3Urls(publicBaseUrl);
  const evidence = a.evidenceJson ? (JSON.parse(a.evidenceJson) as Obj[]) : [];
  const list = status ? urls.statusList(issuer.id, status.listNo) : null;
  return {
    '@context': [VC2, OB303, OB_EXT],
    id: urls.credential(a.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: bc.name,
    issuer: issuerProfile(publicBaseUrl, issuer),
    validFrom: iso(a.issuedOn),
    ...(a.expiresAt ? { validUntil: iso(a.expiresAt) } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        {
          type: 'IdentityObject',
          identityType: 'emailAddress',
          hashed: true,
          identityHash: a.recipientHash,
          salt: a.recipientSalt,
        },
      ],
      achievement: achievement(publicBaseUrl, bc, tags),
      ...(a.narrative ? { narrative: a.narrative } : {}),
    },
    ...(evidence.length ? { evidence: evidence.map((e) => ({ type: ['Evidence'], ...e })) } : {}),
    ...(list && status
      ? {
          credentialStatus: {
            id: `${list}#${status.index}`,
            type: 'BitstringStatusListEntry',
            statusPurpose: 'revocation',
            statusListIndex: String(status.index),
            statusListCredential: list,
          },
        }
      : {}),
    credentialSchema: [{ id: SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
  };
}
