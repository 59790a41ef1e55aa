import type { z } from '@hono/zod-openapi';
import { newId } from '../auth/tokens';
import { runBatch } from '../db/batch';
import type { CertTemplateRow } from '../db/rows';
import { AppError } from '../errors';
import { unprintable } from '../fonts/load';
import { commitWithJobs } from '../outbox/commit';
import type { templateBody, templatePatch } from './acad-schemas';
import { decodeBase64 } from './images';
import {
  DEFAULT_FIELDS,
  readTemplate,
  TEMPLATE_IMAGES,
  TRANSCRIPT_ONLY,
  type CertTemplate,
  type TemplateImage,
} from './templates';
import { templatesRepo } from './templates-repo';

type TemplateInput = z.infer<typeof templateBody>;
type TemplatePatch = z.infer<typeof templatePatch>;
const KEY_COLUMN = { logo: 'logoKey', signature: 'signatureKey', seal: 'sealKey' } as const;

/** The text a template prints itself (headings, signer): refused if a bundled font cannot draw it. */
async function assertPrintable(env: Env, texts: (string | null | undefined)[]) {
  const missing = await unprintable(env, texts.filter(Boolean).join('\n'));
  if (missing.length) throw new AppError('E422107', { chars: missing.slice(0, 20).join(' ') });
}

/**
 * Checks and stores the images a request carries (all checked before any is stored, so a bad seal
 * leaves no stored logo behind). Stored under fresh keys: R2 first, the row that names them after.
 */
async function storeImages(env: Env, issuerId: string, input: Partial<Record<TemplateImage, string | null>>) {
  const given = TEMPLATE_IMAGES.flatMap((name) => {
    const value = input[name];
    return value ? [{ name, bytes: decodeBase64(value, name) }] : [];
  });
  // The PDF library that reads the images is loaded on first use (issue 37).
  const { checkTemplateImage } = await import('./template-images');
  const checked = await Promise.all(given.map(async (g) => ({ ...g, img: await checkTemplateImage(g.bytes) })));
  const keys: Partial<Record<TemplateImage, string | null>> = {};
  for (const name of TEMPLATE_IMAGES) if (input[name] === null) keys[name] = null;
  await Promise.all(
    checked.map(async ({ name, img }) => {
      const key = `cert-templates/${issuerId}/${name}-${newId()}.${img.type === 'png' ? 'png' : 'jpg'}`;
      await env.BUCKET.put(key, img.clean, { httpMetadata: { contentType: `image/${img.type}` } });
      keys[name] = key;
    }),
  );
  return keys;
}

const columns = (keys: Partial<Record<TemplateImage, string | null>>) =>
  Object.fromEntries(Object.entries(keys).map(([name, key]) => [KEY_COLUMN[name as TemplateImage], key]));

/** Creates a certificate template for the calling issuer; returns its id. */
export async function createTemplate(env: Env, issuerId: string, input: TemplateInput): Promise<string> {
  await assertPrintable(env, [...Object.values(input.headings), input.signer_name, input.signer_title]);
  const keys = await storeImages(env, issuerId, input);
  const id = newId();
  const now = Date.now();
  await runBatch(env.DB, [
    templatesRepo(env.DB).insert({
      id,
      issuerId,
      name: input.name,
      kind: input.kind,
      layout: input.layout,
      languagesJson: JSON.stringify(input.languages),
      headingsJson: JSON.stringify(input.headings),
      fieldsJson: JSON.stringify(input.fields ?? DEFAULT_FIELDS[input.kind]),
      signerName: input.signer_name ?? null,
      signerTitle: input.signer_title ?? null,
      logoKey: keys.logo ?? null,
      signatureKey: keys.signature ?? null,
      sealKey: keys.seal ?? null,
      createdAt: now,
      updatedAt: now,
    }),
  ]);
  return id;
}

/** The issuer's own template, or E422105 (the spec's "template missing"), never anyone else's. */
export async function ownTemplate(env: Env, issuerId: string, id: string): Promise<CertTemplateRow> {
  const row = await templatesRepo(env.DB).owned(id, issuerId);
  if (!row) throw new AppError('E422105');
  return row;
}

/**
 * Changes a live template. Documents already printed keep their PDF; those printed later use the
 * change. A replaced image is deleted by the outbox once the row no longer names it. Dropping a
 * language that a live document is written in is refused (E422106), checked inside the update.
 */
export async function updateTemplate(env: Env, issuerId: string, id: string, input: TemplatePatch) {
  const old = readTemplate(await ownTemplate(env, issuerId, id));
  if (old.retired) throw new AppError('E422105');
  if (input.fields?.some((f) => TRANSCRIPT_ONLY.includes(f)) && old.kind !== 'transcript')
    throw new AppError('E400100', {}, [{ field: 'fields', key: 'validation.invalid' }]);
  await assertPrintable(env, [...Object.values(input.headings ?? {}), input.signer_name, input.signer_title]);
  const keys = await storeImages(env, issuerId, input);
  const now = Date.now();
  const languagesJson = input.languages ? JSON.stringify(input.languages) : undefined;
  const replaced = TEMPLATE_IMAGES.filter((n) => n in keys && old.images[n]).map((n) => old.images[n] as string);
  const [result] = await commitWithJobs(
    env,
    [
      templatesRepo(env.DB).update(
        id,
        issuerId,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.layout !== undefined ? { layout: input.layout } : {}),
          ...(languagesJson ? { languagesJson, headingsJson: JSON.stringify(input.headings) } : {}),
          ...(input.fields !== undefined ? { fieldsJson: JSON.stringify(input.fields) } : {}),
          ...(input.signer_name !== undefined ? { signerName: input.signer_name } : {}),
          ...(input.signer_title !== undefined ? { signerTitle: input.signer_title } : {}),
          ...columns(keys),
          updatedAt: now,
        },
        languagesJson,
      ),
    ],
    replaced.length
      ? [{ kind: 'delete_objects', payload: { keys: replaced }, onlyIf: templatesRepo(env.DB).updatedAt(id, now) }]
      : [],
    now,
  );
  if ((result?.results.length ?? 0) === 0) {
    // Nothing names the images stored for this call: removed now, so a refused change leaves nothing.
    const stored = Object.values(keys).filter((k): k is string => Boolean(k));
    if (stored.length) await env.BUCKET.delete(stored);
    const after = await templatesRepo(env.DB).owned(id, issuerId);
    throw new AppError(!after || after.deletedAt !== null ? 'E422105' : 'E422106');
  }
}

/** Retires a template: no new documents with it, while every document of it can still be printed. */
export async function retireTemplate(env: Env, issuerId: string, id: string) {
  await ownTemplate(env, issuerId, id);
  const [result] = await runBatch(env.DB, [templatesRepo(env.DB).retire(id, issuerId, Date.now())]);
  if ((result?.results.length ?? 0) === 0) throw new AppError('E422105');
}

/** The issuer's templates, newest first, as the API shows them. */
export async function listTemplates(env: Env, issuerId: string) {
  return (await templatesRepo(env.DB).list(issuerId)).map((row) => templateView(row));
}

export async function getTemplate(env: Env, issuerId: string, id: string) {
  return templateView(await ownTemplate(env, issuerId, id));
}

/** A template as the API shows it: images as presence flags, never storage keys. */
function templateView(row: CertTemplateRow) {
  const t: CertTemplate = readTemplate(row);
  return {
    cert_template_id: t.id,
    name: t.name,
    kind: t.kind,
    layout: t.layout,
    languages: t.languages,
    headings: t.headings,
    fields: t.fields,
    signer_name: t.signerName,
    signer_title: t.signerTitle,
    images: { logo: Boolean(t.images.logo), signature: Boolean(t.images.signature), seal: Boolean(t.images.seal) },
    retired: t.retired,
    created_at: new Date(row.createdAt).toISOString(),
  };
}
