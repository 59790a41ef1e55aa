import legacyV1 from './bundled/openbadges-legacy-v1.json';
import v0 from './bundled/openbadges-v0-context.json';
import v1 from './bundled/openbadges-v1-context.json';
import v2 from './bundled/openbadges-v2-context.json';
import accessibility from './bundled/extensions/accessibilityExtension.json';
import applyLink from './bundled/extensions/applyLinkExtension.json';
import assessment from './bundled/extensions/assessmentExtension.json';
import endorsement from './bundled/extensions/endorsement.json';
import example from './bundled/extensions/exampleExtension.json';
import extraDescription from './bundled/extensions/extraDescription.json';
import geoCoordinates from './bundled/extensions/geoCoordinatesExtension.json';
import issuerAccreditation from './bundled/extensions/issuerAccreditationExtension.json';
import license from './bundled/extensions/licenseExtension.json';
import originalCreator from './bundled/extensions/originalCreatorExtension.json';
import recipientProfile from './bundled/extensions/recipientProfile.json';

/**
 * The only JSON-LD contexts the verifier will ever use (DATA-04): Open Badges v2, v1, legacy v1 and
 * v0, and the OB 2.0 extension contexts, bundled from the 1EdTech specification repository. Each is
 * known under every address it has been published at; the keys are compared without the scheme, so
 * http and https name the same context.
 */
const EXTENSIONS: Record<string, unknown> = {
  accessibilityExtension: accessibility,
  applyLinkExtension: applyLink,
  assessmentExtension: assessment,
  endorsement,
  exampleExtension: example,
  extraDescription,
  geoCoordinatesExtension: geoCoordinates,
  issuerAccreditationExtension: issuerAccreditation,
  licenseExtension: license,
  originalCreatorExtension: originalCreator,
  recipientProfile,
};

const CONTEXTS = new Map<string, unknown>();
function add(doc: unknown, ...addresses: string[]) {
  for (const a of addresses) CONTEXTS.set(a, doc);
}
add(v2, 'w3id.org/openbadges/v2', 'w3id.org/openbadges/v2/', 'w3id.org/openbadges/v2/context.json');
add(v2, 'openbadgespec.org/v2/context', 'openbadgespec.org/v2/context.json');
add(v2, 'www.imsglobal.org/sites/default/files/Badges/OBv2p0Final/v2/context.json');
add(v1, 'w3id.org/openbadges/v1', 'w3id.org/openbadges/v1/', 'w3id.org/openbadges/v1/context.json');
add(v1, 'openbadgespec.org/v1/context.json');
add(legacyV1, 'w3id.org/openbadges/legacy-v1', 'openbadgespec.org/v1/legacy-v1.json');
add(v0, 'w3id.org/openbadges/v0', 'openbadgespec.org/v0/context.json');
for (const [name, doc] of Object.entries(EXTENSIONS)) {
  add(doc, `w3id.org/openbadges/extensions/${name}/context.json`, `openbadgespec.org/extensions/${name}/context.json`);
}

/** The bundled context at this address, or undefined: nothing else is ever loaded. */
export function bundledContext(url: string): unknown {
  const m = /^https?:\/\/(.+)$/i.exec(url.trim());
  return m?.[1] ? CONTEXTS.get(m[1]) : undefined;
}

export const OB2_CONTEXT = 'https://w3id.org/openbadges/v2';
export const OB1_CONTEXT = 'https://w3id.org/openbadges/v1';

/** Which Open Badges version a context address names, if any. */
export function obVersionOf(url: string): '2.0' | '1.1' | null {
  const doc = bundledContext(url);
  return doc === v2 ? '2.0' : doc === v1 || doc === legacyV1 || doc === v0 ? '1.1' : null;
}
