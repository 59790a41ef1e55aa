import type { z } from '@hono/zod-openapi';
import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { path } from '../../lib/paths';
import { accountRepo } from '../accounts/account-repo';
import { newId } from '../auth/tokens';
import { runBatch, type BatchItem } from '../db/batch';
import type { AcadDocRow } from '../db/rows';
import { AppError } from '../errors';
import { walletUrl } from '../http/wallet-url';
import { ob3Issuing } from '../ob3/issue';
import { hashRecipient } from '../openbadges/documents';
import { commitWithJobs } from '../outbox/commit';
import type { OutboxJob } from '../outbox/jobs';
import { assertPrintableDoc, fitTemplate } from './acad-doc-checks';
import { acadDocsRepo, type NewAcadDoc } from './acad-docs-repo';
import { certificateMail } from './acad-mail';
import type { acadDocBody, acadReissueBody } from './acad-schemas';
import { issuingRepo } from './repo';
import { ownTemplate } from './template-service';
import { readDetails, readRows, readTemplate, transcriptTotals } from './templates';
import { templatesRepo } from './templates-repo';
import { bytesToHex } from '../../lib/bytes';
import { translator } from '../http/translator';

type DocInput = z.infer<typeof acadDocBody>;
type ReissueInput = z.infer<typeof acadReissueBody>;

/** Where the owner finds a certificate in the wallet (the notification's link). */
const ownerDetailPath = (id: string) => path(`/acaddocs/detail/${id}`);

/**
 * Writes one document in one batch: the row (its template, language and, for a reissue, the
 * replaced document re-checked inside the insert), its CLR's status slot, the owner's notification,
 * the PDF job and the mail, both outbox rows that exist only if the row does. Returns whether the
 * row was written.
 */
async function commitDoc(
  env: Env,
  doc: NewAcadDoc,
  now: number,
  extra: { statements: BatchItem[]; jobs: OutboxJob[] },
) {
  const repo = acadDocsRepo(env.DB);
  const owner = await accountRepo(env.DB).byVerifiedEmail(doc.recipientEmailNormalized);
  const reissued = doc.reissuedFrom !== null;
  const jobs: OutboxJob[] = [
    // Named after the document, so the print job can never be queued twice for one document.
    { id: `acad-pdf-${doc.id}`, kind: 'acad_pdf', payload: { docId: doc.id }, onlyIf: repo.written(doc.id) },
    ...extra.jobs,
  ];
  // An account that turned badge mails off (notification settings) is not mailed certificates either.
  if (owner?.receiveBadgeMail !== false) {
    const lang = toLanguage(owner?.language) ?? toLanguage(doc.language) ?? DEFAULT_LANGUAGE;
    const link = walletUrl(env, '/acaddocs');
    jobs.push({
      id: `acad-mail-${doc.id}`,
      kind: 'mail',
      payload: certificateMail(doc.recipientEmail, await translator(env, lang), {
        title: doc.title,
        issuer: doc.issuerName,
        link,
        reissued,
      }),
      onlyIf: repo.written(doc.id),
    });
  }
  const [insert] = await commitWithJobs(
    env,
    [
      repo.insertChecked(doc, now),
      // Its CLR's status slot (issue 38), taken only if the row was written.
      ...ob3Issuing.reserveDoc(env.DB, doc.issuerId, doc.id, now),
      ...extra.statements,
      repo.notifyOwner(
        doc.id,
        reissued ? 'notifications.certificate_reissued' : 'notifications.certificate_awarded',
        ownerDetailPath(doc.id),
        now,
      ),
    ],
    jobs,
    now,
  );
  return (insert?.meta.changes ?? 0) > 0;
}

/** Why a checked insert wrote nothing: the template went (retired) or lost the document's language. */
async function whyNotWritten(env: Env, issuerId: string, templateId: string): Promise<never> {
  const t = await templatesRepo(env.DB).owned(templateId, issuerId);
  throw new AppError(!t || t.deletedAt !== null ? 'E422105' : 'E422106');
}

async function identity(email: string) {
  const normalized = normalizeEmail(email);
  const salt = bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
  return { normalized, salt, hash: await hashRecipient(normalized, salt) };
}

/**
 * Issues an academic document with one of the issuer's templates. It belongs to the account that
 * holds the address verified, or waits unmatched until an account verifies it (as badges do).
 */
export async function issueAcadDoc(env: Env, issuerId: string, input: DocInput): Promise<string> {
  const issuer = await issuingRepo(env.DB).issuer(issuerId);
  if (!issuer) throw new AppError('E401101');
  const template = readTemplate(await ownTemplate(env, issuerId, input.template_id));
  const fit = fitTemplate(template, input);
  const rows = input.rows ?? [];
  await assertPrintableDoc(env, { ...input, issuerName: issuer.name, rows });
  const id = newId();
  const now = Date.now();
  const who = await identity(input.recipient);
  const doc: NewAcadDoc = {
    id,
    issuerId,
    templateId: template.id,
    recipientEmail: input.recipient.trim(),
    recipientEmailNormalized: who.normalized,
    name: input.name,
    title: input.title,
    issuerName: issuer.name,
    detailsJson: JSON.stringify(input.details),
    rowsJson: fit.rowsJson,
    language: fit.language,
    isBlockchain: input.blockchain,
    issuedOn: input.issued_on ? Date.parse(input.issued_on) : now,
    recipientSalt: who.salt,
    recipientHash: who.hash,
    reissuedFrom: null,
  };
  if (!(await commitDoc(env, doc, now, { statements: [], jobs: [] }))) await whyNotWritten(env, issuerId, template.id);
  return id;
}

/** One of the calling issuer's documents, or E404108: another issuer's is as good as missing. */
async function ownDoc(env: Env, issuerId: string, id: string): Promise<AcadDocRow> {
  const doc = await acadDocsRepo(env.DB).owned(id, issuerId);
  if (!doc) throw new AppError('E404108');
  return doc;
}

/**
 * Reissues a document: a new one (new id, new PDF, new mail) for the same recipient, with any
 * corrections, written in the batch that deletes the old one. A template change keeps the kind.
 * Two reissues at once: the insert re-checks that the old document is live, so one wins (E409116).
 */
export async function reissueAcadDoc(env: Env, issuerId: string, id: string, input: ReissueInput): Promise<string> {
  const old = await ownDoc(env, issuerId, id);
  if (old.deletedAt !== null) throw new AppError('E409116');
  const templateId = input.template_id ?? old.templateId;
  if (!templateId) throw new AppError('E422105');
  const template = readTemplate(await ownTemplate(env, issuerId, templateId));
  // The old language stays if the template has it; otherwise the template's default is taken.
  const oldLanguage = toLanguage(old.language);
  const language =
    input.language ?? (oldLanguage && template.languages.includes(oldLanguage) ? oldLanguage : undefined);
  const rows = input.rows ?? (template.kind === 'transcript' ? readRows(old) : undefined);
  const fit = fitTemplate(template, { kind: old.kind, language, rows });
  const details = input.details ?? (JSON.parse(old.detailsJson) as Record<string, string | number | boolean>);
  const name = input.name ?? old.name;
  const title = input.title ?? old.title;
  await assertPrintableDoc(env, { name, title, issuerName: old.issuerName, details, rows: rows ?? [] });
  const now = Date.now();
  const who = await identity(old.recipientEmail);
  const doc: NewAcadDoc = {
    id: newId(),
    issuerId,
    templateId,
    recipientEmail: old.recipientEmail,
    recipientEmailNormalized: who.normalized,
    name,
    title,
    issuerName: old.issuerName,
    detailsJson: JSON.stringify(details),
    rowsJson: fit.rowsJson,
    language: fit.language,
    isBlockchain: old.isBlockchain,
    issuedOn: input.issued_on ? Date.parse(input.issued_on) : old.issuedOn,
    recipientSalt: who.salt,
    recipientHash: who.hash,
    reissuedFrom: old.id,
  };
  const repo = acadDocsRepo(env.DB);
  const written = await commitDoc(env, doc, now, {
    // The replaced document's CLR reads as revoked from now on (its bit is set once it is deleted).
    statements: [repo.retireReplaced(old.id, doc.id, issuerId, now), ob3Issuing.docListChanged(env.DB, old.id)],
    jobs: old.pdfKey
      ? [{ kind: 'delete_objects', payload: { keys: [old.pdfKey] }, onlyIf: repo.deletedAt(old.id, now) }]
      : [],
  });
  if (written) return doc.id;
  if ((await ownDoc(env, issuerId, id)).deletedAt !== null) throw new AppError('E409116');
  return whyNotWritten(env, issuerId, templateId);
}

/** Revokes with a reason: the hosted assertion answers 410 and verification fails. Once only. */
export async function revokeAcadDoc(env: Env, issuerId: string, id: string, reason: string) {
  await ownDoc(env, issuerId, id);
  const [res] = await runBatch(env.DB, [
    acadDocsRepo(env.DB).revoke(id, issuerId, reason, Date.now()),
    // Its CLR's list changes with it (issue 38): signed again when next served.
    ob3Issuing.docListChanged(env.DB, id),
  ]);
  if ((res?.results.length ?? 0) === 0) throw new AppError('E409116');
}

/** Deletes a document: it leaves the wallet and stops verifying; its stored PDF is removed. Once only. */
export async function deleteAcadDoc(env: Env, issuerId: string, id: string) {
  const doc = await ownDoc(env, issuerId, id);
  const repo = acadDocsRepo(env.DB);
  const now = Date.now();
  const [res] = await commitWithJobs(
    env,
    [repo.remove(id, issuerId, now), ob3Issuing.docListChanged(env.DB, id)],
    doc.pdfKey ? [{ kind: 'delete_objects', payload: { keys: [doc.pdfKey] }, onlyIf: repo.deletedAt(id, now) }] : [],
    now,
  );
  if ((res?.results.length ?? 0) === 0) throw new AppError('E409116');
}

/** A document as its issuer sees it through the API (state included: PDF, revocation, reissue). */
export async function acadDocForIssuer(env: Env, issuerId: string, id: string) {
  const doc = await ownDoc(env, issuerId, id);
  const rows = readRows(doc);
  return {
    acad_doc_id: doc.id,
    template_id: doc.templateId,
    kind: doc.kind,
    language: doc.language,
    recipient: doc.recipientEmail,
    name: doc.name,
    title: doc.title,
    issuer_name: doc.issuerName,
    details: Object.fromEntries(readDetails(doc)),
    rows,
    totals: doc.kind === 'transcript' ? transcriptTotals(rows) : null,
    issued_on: new Date(doc.issuedOn).toISOString(),
    revoked: doc.revokedAt !== null,
    revoked_reason: doc.revokedReason,
    deleted: doc.deletedAt !== null,
    reissued_from: doc.reissuedFrom,
    pdf_state: doc.pdfState,
  };
}
