import type { AwardSpec } from '../outbox/payloads';
import { awardChunk } from './award';
import { newId, randomToken, sha256Hex } from '../auth/tokens';
import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { createIssuerKey } from '../openbadges/keys';
import { ob3Issuing } from '../ob3/issue';
import { assertionsRepo } from './assertions-repo';
import { decodeBase64, storeImage, validateImage } from './images';
import { issuingRepo } from './repo';

export interface IssuerInput {
  name: string;
  url: string;
  email: string;
  description?: string | undefined;
  image?: string | undefined;
  is_certified?: boolean | undefined;
  service_country?: number | undefined;
}

/** Stores a base64 image after validating it; returns the new R2 key. */
async function saveImage(env: Env, prefix: string, base64: string): Promise<string> {
  const bytes = decodeBase64(base64);
  return storeImage(env.BUCKET, prefix, bytes, validateImage(bytes));
}

/** Creates an issuer with its RSA key pair and first API key (shown once, stored hashed). */
export async function createIssuer(env: Env, input: IssuerInput) {
  const repo = issuingRepo(env.DB);
  const id = newId();
  const now = Date.now();
  const [key, imageKey] = await Promise.all([
    createIssuerKey(env),
    input.image ? saveImage(env, `issuers/${id}`, input.image) : null,
  ]);
  const apiKey = `lyk_${randomToken()}`;
  await runBatch(env.DB, [
    repo.insertIssuer({
      id,
      name: input.name,
      url: input.url,
      email: input.email,
      description: input.description ?? null,
      imageKey,
      isCertified: input.is_certified ?? false,
      serviceCountry: input.service_country ?? 1,
      createdAt: now,
      updatedAt: now,
    }),
    repo.insertIssuerKey({ id: newId(), issuerId: id, ...key, createdAt: now }),
    repo.insertApiKey({
      id: newId(),
      issuerId: id,
      keyHash: await sha256Hex(apiKey),
      label: 'initial',
      createdAt: now,
    }),
  ]);
  return { issuerId: id, apiKey };
}

/**
 * Updates the calling issuer's profile. Certification is the operator's word about an issuer, so
 * the issuer's own key may not set or clear it, in either direction (ISS-10).
 */
export async function updateIssuer(env: Env, issuerId: string, input: Partial<IssuerInput>) {
  if (input.is_certified !== undefined) throw new AppError('E403102');
  const repo = issuingRepo(env.DB);
  const imageKey = input.image ? await saveImage(env, `issuers/${issuerId}`, input.image) : undefined;
  await repo
    .updateIssuer(issuerId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.service_country !== undefined ? { serviceCountry: input.service_country } : {}),
      ...(imageKey ? { imageKey } : {}),
      updatedAt: Date.now(),
    })
    .run();
}

export interface BadgeClassInput {
  name: string;
  description: string;
  image: string;
  criteria_url?: string | undefined;
  criteria_narrative?: string | undefined;
  tags?: string[] | undefined;
  alignments?:
    | {
        targetName: string;
        targetUrl: string;
        targetDescription?: string | undefined;
        targetFramework?: string | undefined;
        targetCode?: string | undefined;
      }[]
    | undefined;
  expiry_days?: number | null | undefined;
}

/** Skill names in the form that makes "Python" and "python" one skill, in any script. */
export function normalizeTag(name: string): string {
  return name.trim().normalize('NFKC').toLocaleLowerCase();
}

function tagRows(names: string[]) {
  const seen = new Map<string, { id: string; name: string; normalized: string }>();
  for (const name of names) {
    const normalized = normalizeTag(name);
    if (normalized && !seen.has(normalized)) seen.set(normalized, { id: newId(), name: name.trim(), normalized });
  }
  return [...seen.values()];
}

export async function createBadgeClass(env: Env, issuerId: string, input: BadgeClassInput) {
  const repo = issuingRepo(env.DB);
  const id = newId();
  const now = Date.now();
  const bytes = decodeBase64(input.image);
  const type = validateImage(bytes);
  const imageKey = await storeImage(env.BUCKET, `badge-classes/${id}`, bytes, type);
  await runBatch(env.DB, [
    repo.insertBadgeClass({
      id,
      issuerId,
      name: input.name,
      description: input.description,
      imageKey,
      imageType: type,
      criteriaUrl: input.criteria_url ?? null,
      criteriaNarrative: input.criteria_narrative ?? null,
      alignmentsJson: input.alignments?.length ? JSON.stringify(input.alignments) : null,
      expiryDays: input.expiry_days ?? null,
      createdAt: now,
      updatedAt: now,
    }),
    ...repo.tagStatements(id, tagRows(input.tags ?? [])),
  ]);
  return id;
}

/** The issuer's own badge class, or E404101: an issuer never sees another issuer's classes. */
export async function ownBadgeClass(env: Env, issuerId: string, id: string) {
  const bc = await issuingRepo(env.DB).badgeClass(id);
  if (!bc || bc.issuerId !== issuerId) throw new AppError('E404101');
  return bc;
}

export async function revokeAssertion(env: Env, issuerId: string, id: string, reason: string) {
  const repo = assertionsRepo(env.DB);
  if (!(await repo.ownedBy(id, issuerId))) throw new AppError('E404101');
  // The OB 3.0 status list changes in the revocation's own batch (issue 21).
  const [revoked] = await runBatch(env.DB, [
    repo.revoke(id, issuerId, reason, Date.now()),
    ob3Issuing.listChanged(env.DB, id),
  ]);
  if (revoked?.results.length !== 1) throw new AppError('E409100');
}

export async function deleteAssertion(env: Env, issuerId: string, id: string) {
  const repo = assertionsRepo(env.DB);
  const row = await repo.ownedBy(id, issuerId);
  if (!row) throw new AppError('E404101');
  if (row.deletedByIssuerAt) throw new AppError('E409100');
  await runBatch(env.DB, [repo.markDeletedByIssuer(id, issuerId, Date.now()), ob3Issuing.listChanged(env.DB, id)]);
}

/**
 * Reissues a badge: a new assertion (new id, new receive link and mail) for the same recipient and
 * badge class, written in the same batch that retires the old one.
 */
export async function reissueAssertion(env: Env, issuerId: string, id: string, language: AwardSpec['language']) {
  const old = await assertionsRepo(env.DB).ownedBy(id, issuerId);
  if (!old) throw new AppError('E404101');
  if (old.deletedByIssuerAt) throw new AppError('E409100');
  const planned = { assertionId: newId(), email: old.recipientEmail, reissuedFrom: old.id };
  const spec: AwardSpec = {
    badgeClassId: old.badgeClassId,
    narrative: old.narrative ?? undefined,
    evidence: old.evidenceJson ? (JSON.parse(old.evidenceJson) as AwardSpec['evidence']) : undefined,
    issuedOn: Date.now(),
    expiresAt: old.expiresAt && old.expiresAt > Date.now() ? old.expiresAt : null,
    verification: old.verificationType,
    blockchain: old.isBlockchain,
    language,
  };
  await awardChunk(env, { issuerId, spec, planned: [planned] });
  return planned.assertionId;
}

/** Updates the issuer's own badge class; a new image gets a new R2 key, new tags replace the old. */
export async function updateBadgeClass(env: Env, issuerId: string, id: string, input: Partial<BadgeClassInput>) {
  await ownBadgeClass(env, issuerId, id);
  const repo = issuingRepo(env.DB);
  let image: { imageKey: string; imageType: 'png' | 'svg' } | undefined;
  if (input.image) {
    const bytes = decodeBase64(input.image);
    const imageType = validateImage(bytes);
    image = { imageKey: await storeImage(env.BUCKET, `badge-classes/${id}`, bytes, imageType), imageType };
  }
  await runBatch(env.DB, [
    repo.updateBadgeClass(id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.criteria_url !== undefined ? { criteriaUrl: input.criteria_url } : {}),
      ...(input.criteria_narrative !== undefined ? { criteriaNarrative: input.criteria_narrative } : {}),
      ...(input.alignments !== undefined
        ? { alignmentsJson: input.alignments.length ? JSON.stringify(input.alignments) : null }
        : {}),
      ...(input.expiry_days !== undefined ? { expiryDays: input.expiry_days } : {}),
      ...(image ?? {}),
      updatedAt: Date.now(),
    }),
    ...(input.tags !== undefined ? [repo.clearTags(id), ...repo.tagStatements(id, tagRows(input.tags))] : []),
  ]);
}
