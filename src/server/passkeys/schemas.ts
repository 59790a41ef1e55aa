import { z } from '@hono/zod-openapi';
import { hasControlCharacters } from '../../lib/plain-text';
import { CONFIG } from '../config';

/*
 * The JSON a browser's WebAuthn call gives (RegistrationResponseJSON / AuthenticationResponseJSON,
 * as @simplewebauthn/browser sends them). Sizes are capped well above real authenticators' (a
 * credential id is at most 1023 bytes; attestation objects with certificates a few KB), and the
 * router's body cap bounds the whole request.
 */

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const common = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** navigator.credentials.create()'s answer, as JSON. */
export const registrationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(32_768),
    authenticatorData: b64url(32_768).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

/** navigator.credentials.get()'s answer, as JSON. */
export const authenticationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(32_768),
    signature: b64url(2048),
    userHandle: b64url(512).optional(),
  }),
});

/** A passkey's name: 1-64 characters of plain text (no control characters, as other names). */
export const passkeyName = z
  .string()
  .trim()
  .min(1)
  .max(CONFIG.passkeys.nameMax)
  .refine((v) => !hasControlCharacters(v), { params: { key: 'validation.control_characters' } });

/** A passkey's id in settings calls (its credential id, base64url). */
export const passkeyId = b64url(1400);

export type RegistrationResponse = z.infer<typeof registrationResponse>;
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;
