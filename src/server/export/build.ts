import { toLanguage, DEFAULT_LANGUAGE } from '../../i18n/languages';
import { accountRepo } from '../accounts/account-repo';
import { walletUrl } from '../http/wallet-url';
import { renderMail } from '../mail/render';
import { commitWithJobs } from '../outbox/commit';
import type { ExportStep } from '../outbox/payloads';
import { collectSlice } from './collect';
import { indexHtml, README_NAME } from './index-html';
import { indexSections } from './index-data';
import { exportCarryKey, exportObjects, exportZipKey, PART_SIZE } from './objects-repo';
import { readmeText } from './readme';
import { exportRepo } from './repo';
import { EXPORT_PAGE, exportNoticeUrl, progressOf, type ExportState } from './state';
import { concatBytes } from '../../lib/bytes';
import { zipEnd, zipRecord, ZIP_MAX_BYTES, ZIP_MAX_ENTRIES } from './zip';
import { translator } from '../http/translator';

const enc = new TextEncoder();
/** The wallet's public page that verifies any badge, no sign-in (docs/features.md "Import and verification"). */
const VERIFY_PAGE = '/verification';

/** How long the download link works after the ZIP is complete. */
export const EXPORT_LINK_MS = 7 * 24 * 3600 * 1000;

/**
 * Performs step `step` of an export: appends one slice of the wallet to the ZIP (full parts to R2,
 * the rest carried), then, in one batch, moves the row to the next step with the next step's job;
 * the last step writes index.html, README.txt and the central directory, completes the upload, and
 * marks the export ready with its notice and mail. Idempotent: a step whose row has moved on does
 * nothing, and a step retried before its batch rewrites the same part numbers and carry object.
 */
export async function runExportStep(env: Env, job: ExportStep, now: number, attempt?: { final: boolean }) {
  try {
    await step(env, job, now);
  } catch (err) {
    // The outbox gives this row up: the export is marked failed so the person can start another.
    if (attempt?.final) await exportRepo(env.DB).fail(job.exportId);
    throw err;
  }
}

async function step(env: Env, job: ExportStep, now: number) {
  const repo = exportRepo(env.DB);
  const row = await repo.byId(job.exportId);
  if (!row || row.status !== 'building' || row.step !== job.step) return;
  const objects = exportObjects(env.BUCKET);
  const state = JSON.parse(row.stateJson) as ExportState;
  const uploadId = state.uploadId ?? (await objects.begin(row.id));
  const carry = await objects.getCarry(row.id, job.step);
  const { files, after } = await collectSlice(env, row.accountId, state);

  const locals: Uint8Array[] = [carry.tail];
  const centrals: Uint8Array[] = [carry.central];
  let offset = state.offset;
  let entries = state.entries;
  const add = async (name: string, bytes: Uint8Array) => {
    const rec = await zipRecord(name, bytes, offset, row.createdAt);
    offset += rec.local.length;
    entries += 1;
    if (entries > ZIP_MAX_ENTRIES || offset > ZIP_MAX_BYTES) throw new Error('export exceeds ZIP32 limits');
    locals.push(rec.local);
    centrals.push(rec.central);
  };
  for (const f of files) await add(f.name, f.bytes);

  const last = state.section === 'final';
  let central = concatBytes(centrals);
  if (last) {
    const account = await accountRepo(env.DB).profile(row.accountId);
    const lang = toLanguage(account?.language) ?? DEFAULT_LANGUAGE;
    const t = await translator(env, lang);
    const { sections, root } = await indexSections(env, t, row.accountId, central, row.createdAt);
    const verifyUrl = walletUrl(env, VERIFY_PAGE);
    const page = { lang, exportedAt: row.createdAt, sections, meta: root, verifyUrl };
    await add('index.html', enc.encode(indexHtml(t, page)));
    await add(README_NAME, enc.encode(readmeText(t, lang, row.createdAt, verifyUrl)));
    central = concatBytes(centrals);
    locals.push(central, zipEnd(entries, central.length, offset));
  }
  let pending = concatBytes(locals);
  const parts = [...state.parts];
  while (pending.length >= PART_SIZE || (last && pending.length > 0)) {
    const chunk = pending.subarray(0, Math.min(PART_SIZE, pending.length));
    parts.push(await objects.part(row.id, uploadId, parts.length + 1, chunk));
    pending = pending.subarray(chunk.length);
  }
  const next: ExportState = { ...after, uploadId, parts, offset, entries };

  if (!last) {
    await objects.putCarry(row.id, job.step + 1, pending, central);
    await commitWithJobs(
      env,
      [
        repo.advance(row.id, job.step, next, progressOf(next)),
        repo.setProgressNotice(row.accountId, exportNoticeUrl(row.id), progressOf(next)),
      ],
      [
        {
          kind: 'export_step',
          payload: { exportId: row.id, step: job.step + 1 },
          id: `export:${row.id}:${job.step + 1}`,
          onlyIf: repo.atStep(row.id, job.step + 1),
        },
      ],
      now,
    );
    return;
  }
  const size = await objects.complete(row.id, uploadId, parts);
  await finish(env, row.id, row.accountId, job.step, size, now);
}

/** Marks the export ready, with its notice, its mail and the clean-up of carried objects, as one batch. */
async function finish(env: Env, id: string, accountId: string, step: number, size: number, now: number) {
  const repo = exportRepo(env.DB);
  const account = accountRepo(env.DB);
  const [profile, emails] = await Promise.all([account.profile(accountId), account.emails(accountId)]);
  const to = emails.find((e) => e.isPrimary && e.verifiedAt)?.email;
  const t = await translator(env, toLanguage(profile?.language) ?? DEFAULT_LANGUAGE);
  const mail = to
    ? renderMail(
        to,
        {
          subject: t('mail.export_ready.subject'),
          paragraphs: [t('mail.award.greeting'), t('mail.export_ready.body', { days: 7 })],
          action: { label: t('mail.export_ready.action'), url: walletUrl(env, EXPORT_PAGE) },
          footer: t('mail.export_ready.footer'),
        },
        t,
      )
    : null;
  const carried = Array.from({ length: step + 1 }, (_, i) => exportCarryKey(id, i + 1));
  const ready = repo.isReady(id);
  await commitWithJobs(
    env,
    [
      repo.finish(id, step, exportZipKey(id), size, now, now + EXPORT_LINK_MS),
      repo.readyNotice(id, exportNoticeUrl(id), now),
    ],
    [
      ...(mail ? [{ kind: 'mail' as const, payload: mail, id: `export-mail:${id}`, onlyIf: ready }] : []),
      { kind: 'delete_objects', payload: { keys: carried }, id: `export-carry:${id}`, onlyIf: ready },
    ],
    now,
  );
}
