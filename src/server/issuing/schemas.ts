import { z } from '@hono/zod-openapi';
import { CONFIG } from '../config';
import { emailField, plainText } from '../http/fields';

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .openapi({ example: 'https://university.example' });
const image = z
  .string()
  .min(1)
  .max(8_000_000)
  .openapi({ description: 'PNG or SVG, base64 (a data: URL prefix is accepted)' });
const text = plainText;

export const issuerBody = z.object({
  name: text(200),
  url: httpUrl,
  email: emailField,
  description: z.string().max(2000).optional(),
  image: image.optional(),
  is_certified: z.boolean().optional(),
  service_country: z.number().int().min(1).max(7).optional(),
});

// Kept in the patch schema, not stripped, so an issuer that tries to certify itself hears 403 (ISS-10).
export const issuerPatch = issuerBody.partial().extend({
  is_certified: z
    .boolean()
    .optional()
    .openapi({ description: 'Refused with 403 E403102: only the admin token certifies an issuer' }),
});

const alignment = z.object({
  targetName: text(200),
  targetUrl: httpUrl,
  targetDescription: z.string().max(1000).optional(),
  targetFramework: z.string().max(200).optional(),
  targetCode: z.string().max(100).optional(),
});

const badgeClassFields = z.object({
  name: text(200),
  description: text(4000),
  image,
  criteria_url: httpUrl.optional(),
  criteria_narrative: z.string().max(8000).optional(),
  tags: z.array(text(60)).max(30).optional(),
  alignments: z.array(alignment).max(20).optional(),
  expiry_days: z.number().int().min(1).max(36500).nullable().optional(),
});

export const badgeClassBody = badgeClassFields.refine((b) => b.criteria_url || b.criteria_narrative, {
  path: ['criteria_narrative'],
  message: 'required',
});

export const badgeClassPatch = badgeClassFields.partial();

export const awardBody = z
  .object({
    badge_class_id: z.string().min(1).max(64),
    recipients: z.array(emailField).min(1).max(CONFIG.award.maxRecipients),
    narrative: z.string().max(8000).optional(),
    evidence: z
      .array(z.object({ id: httpUrl.optional(), narrative: z.string().max(8000).optional() }))
      .max(20)
      .optional(),
    issued_on: z.iso.datetime({ offset: true }).optional(),
    expires: z.iso.datetime({ offset: true }).nullable().optional(),
    verification: z.enum(['hosted', 'signed']).default('hosted'),
    blockchain: z.boolean().default(false),
    language: z.string().max(10).optional().openapi({ description: 'mail language for recipients without an account' }),
  })
  .refine((b) => !b.expires || !b.issued_on || Date.parse(b.expires) > Date.parse(b.issued_on), {
    path: ['expires'],
    message: 'before issued_on',
  });

/** Issue 23 (FLT-01): the client's key for one award call; the same key and badge class award once. */
export const awardHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/)
    .optional()
    .openapi({
      description: '8-128 letters, digits, - or _: a call sent again with the same key awards nothing twice',
    }),
});

export const revokeBody = z.object({ reason: text(500) });

export const idParam = z.object({ id: z.string().min(1).max(64) });
export const envelope = z.object({ status: z.number() });
