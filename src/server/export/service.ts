import { newId } from '../auth/tokens';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import { exportObjects } from './objects-repo';
import { exportRepo } from './repo';
import { exportNoticeUrl, initialState } from './state';

/** What the page and the status call show of an account's newest export. */
export interface ExportView {
  id: string;
  status: 'building' | 'ready' | 'failed' | 'expired';
  progress: number;
  size: number | null;
  createdAt: number;
  expiresAt: number | null;
}

/**
 * Starts an export of the whole wallet, unless one is being built: one row and its first step's job
 * in one batch; parallel clicks insert at most one row (the partial unique index), and only the row
 * that was written gets a job. Answers the export being built.
 */
export async function startExport(env: Env, accountId: string, now = Date.now()): Promise<ExportView> {
  const repo = exportRepo(env.DB);
  const counts = await repo.counts(accountId);
  const id = newId();
  await commitWithJobs(
    env,
    [
      repo.insertBuilding(
        id,
        accountId,
        initialState(counts.issued + counts.host + counts.certs + counts.records),
        now,
      ),
      repo.progressNotice(id, exportNoticeUrl(id), now),
    ],
    [{ kind: 'export_step', payload: { exportId: id, step: 0 }, id: `export:${id}:0`, onlyIf: repo.atStep(id, 0) }],
    now,
  );
  const view = await latestExport(env, accountId, now);
  if (!view) throw new AppError('E404170');
  return view;
}

/** The account's newest export, as the person may see it (a ready one past its days reads expired). */
export async function latestExport(env: Env, accountId: string, now = Date.now()): Promise<ExportView | null> {
  const row = await exportRepo(env.DB).latest(accountId);
  if (!row) return null;
  const expired = row.status === 'ready' && (row.expiresAt ?? 0) <= now;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    progress: row.progress,
    size: row.size,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/**
 * The ZIP of export `id` for its owner only: someone else's export reads as not found (it exists
 * for nobody else), one still being built is E409170, one past its seven days E410170.
 */
export async function exportDownload(env: Env, accountId: string, id: string, now = Date.now()) {
  const row = await exportRepo(env.DB).byId(id);
  if (!row || row.accountId !== accountId) throw new AppError('E404170');
  if (row.status !== 'ready') throw new AppError(row.status === 'building' ? 'E409170' : 'E404170');
  if ((row.expiresAt ?? 0) <= now) throw new AppError('E410170');
  const obj = await exportObjects(env.BUCKET).zip(row.id);
  if (!obj) throw new AppError('E410170');
  return { body: obj.body, size: obj.size, createdAt: row.createdAt };
}
