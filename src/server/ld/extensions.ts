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
import accessibilitySchema from './bundled/extensions/schemas/accessibilityExtension.json';
import applyLinkSchema from './bundled/extensions/schemas/applyLinkExtension.json';
import assessmentSchema from './bundled/extensions/schemas/assessmentExtension.json';
import endorsementSchema from './bundled/extensions/schemas/endorsement.json';
import exampleSchema from './bundled/extensions/schemas/exampleExtension.json';
import extraDescriptionSchema from './bundled/extensions/schemas/extraDescription.json';
import geoCoordinatesSchema from './bundled/extensions/schemas/geoCoordinatesExtension.json';
import issuerAccreditationSchema from './bundled/extensions/schemas/issuerAccreditationExtension.json';
import licenseSchema from './bundled/extensions/schemas/licenseExtension.json';
import originalCreatorSchema from './bundled/extensions/schemas/originalCreatorExtension.json';
import recipientProfileSchema from './bundled/extensions/schemas/recipientProfile.json';

/**
 * The OB 2.0 extensions Lanyard knows, by the name in their addresses, each with its JSON-LD context
 * and its JSON schema, bundled from the 1EdTech specification repository. The one list the
 * context loader (contexts.ts) and the extension validation (openbadges/verify/model/extensions.ts)
 * read. One change: the license schema's pattern `^CC\-` is written `^CC-` (the same pattern),
 * since a Unicode-mode regular expression refuses the needless escape.
 */
export const OB2_EXTENSIONS: Record<string, { context: unknown; schema: unknown }> = {
  accessibilityExtension: { context: accessibility, schema: accessibilitySchema },
  applyLinkExtension: { context: applyLink, schema: applyLinkSchema },
  assessmentExtension: { context: assessment, schema: assessmentSchema },
  endorsement: { context: endorsement, schema: endorsementSchema },
  exampleExtension: { context: example, schema: exampleSchema },
  extraDescription: { context: extraDescription, schema: extraDescriptionSchema },
  geoCoordinatesExtension: { context: geoCoordinates, schema: geoCoordinatesSchema },
  issuerAccreditationExtension: { context: issuerAccreditation, schema: issuerAccreditationSchema },
  licenseExtension: { context: license, schema: licenseSchema },
  originalCreatorExtension: { context: originalCreator, schema: originalCreatorSchema },
  recipientProfile: { context: recipientProfile, schema: recipientProfileSchema },
};

/** The address an extension's context is published at (the one its TypeValidation is read under). */
export const extensionContextUrl = (name: string) => `https://w3id.org/openbadges/extensions/${name}/context.json`;
