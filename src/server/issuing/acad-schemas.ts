import { z } from '@hono/zod-openapi';
import { LANGUAGES } from '../../i18n/languages';
import { emailField, plainText } from '../http/fields';
import { ACAD_DOC_KINDS, ACAD_LIMITS, TEMPLATE_FIELDS, TEMPLATE_LAYOUTS, TRANSCRIPT_ONLY } from './templates';

/* Request bodies of the certificate half of the issuer API: templates and academic documents. */

const templateImage = z
  .string()
  .min(1)
  .max(2_200_000)
  .openapi({ description: 'PNG or JPEG, base64 (a data: URL prefix is accepted); at most 1.5 MB, 16-2000 px' });
const language = z.enum(LANGUAGES).openapi({ description: 'one of the nine interface languages' });
const unique = <T>(list: T[]) => new Set(list).size === list.length;

const templateFields = z.object({
  name: plainText(200),
  layout: z.enum(TEMPLATE_LAYOUTS).default('classic'),
  languages: z
    .array(language)
    .min(1)
    .max(LANGUAGES.length)
    .refine(unique, { params: { key: 'validation.invalid' } })
    .openapi({ description: 'the languages documents may be written in; the first is the default' }),
  headings: z
    .record(z.string(), plainText(120))
    .openapi({ description: 'the heading printed at the top, per language: {"en": "Diploma", "ja": "学位記"}' }),
  fields: z
    .array(z.enum(TEMPLATE_FIELDS))
    .min(1)
    .max(TEMPLATE_FIELDS.length)
    .refine(unique)
    .optional()
    .openapi({ description: 'what the PDF prints, in order; the QR code and public URL are always printed' }),
  signer_name: plainText(120).nullable().optional(),
  signer_title: plainText(120).nullable().optional(),
  logo: templateImage.nullable().optional(),
  signature: templateImage.nullable().optional(),
  seal: templateImage.nullable().optional(),
});

/** Every language of a template has a heading, and no heading is for a language it does not have. */
function headingsMatch(t: { languages?: string[] | undefined; headings?: Record<string, string> | undefined }) {
  const { languages, headings } = t;
  if (!languages || !headings) return true;
  const keys = Object.keys(headings);
  return keys.length === languages.length && languages.every((l) => keys.includes(l));
}

export const templateBody = templateFields
  .extend({ kind: z.enum(ACAD_DOC_KINDS) })
  .refine(headingsMatch, { path: ['headings'], message: 'one per language' })
  .refine((t) => t.kind === 'transcript' || !t.fields?.some((f) => TRANSCRIPT_ONLY.includes(f)), {
    path: ['fields'],
    message: 'rows and totals are for transcripts',
  });

/** A template's kind never changes (its documents were issued as that kind); languages and headings change together. */
export const templatePatch = templateFields
  .partial()
  .refine((t) => (t.languages === undefined) === (t.headings === undefined), {
    path: ['headings'],
    message: 'with languages',
  })
  .refine(headingsMatch, { path: ['headings'], message: 'one per language' });

/** Credits: 0-100 in steps of a tenth at most (7.5 ECTS, 2 units, 0.5 for a seminar). */
const credits = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9);

export const transcriptRow = z.object({
  course: plainText(200),
  credits,
  grade: plainText(20),
  term: plainText(60),
});

const details = z
  .record(
    plainText(ACAD_LIMITS.detailLabel),
    z.union([plainText(ACAD_LIMITS.detailValue), z.number().finite(), z.boolean()]),
  )
  .refine((d) => Object.keys(d).length <= ACAD_LIMITS.maxDetails, {
    params: { key: 'validation.too_big' },
  })
  .openapi({ description: `label -> value, at most ${ACAD_LIMITS.maxDetails}, printed in this order` });

const docFields = z.object({
  name: plainText(200).openapi({ description: "the recipient's name as printed" }),
  title: plainText(200),
  language: z
    .string()
    .max(35)
    .optional()
    .openapi({ description: "one of the template's languages (default: its first)" }),
  details,
  rows: z
    .array(transcriptRow)
    .min(1)
    .max(ACAD_LIMITS.maxRows)
    .optional()
    .openapi({ description: `transcripts only: 1-${ACAD_LIMITS.maxRows} rows; totals are computed` }),
  issued_on: z.iso.datetime({ offset: true }).optional(),
});

export const acadDocBody = docFields.extend({
  details: details.default({}),
  template_id: z.string().min(1).max(64),
  recipient: emailField,
  kind: z.enum(ACAD_DOC_KINDS).optional().openapi({ description: "if given, it must be the template's kind" }),
  blockchain: z.boolean().default(false),
});

/** A reissue may correct the document (and move it to another template); the recipient stays. */
export const acadReissueBody = docFields.partial().extend({ template_id: z.string().min(1).max(64).optional() });

export const acadRevokeBody = z.object({ reason: plainText(500) });
