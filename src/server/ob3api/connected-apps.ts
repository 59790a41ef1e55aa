import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { consentsRepo } from './consents-repo';
import { parseScopes, SCOPE_LABELS } from './scopes';

/** The applications a person allowed into their wallet, with what each may do (catalogue keys). */
export async function connectedApps(env: Env, accountId: string) {
  const rows = await consentsRepo(env.DB).list(accountId);
  return rows.map((r) => ({
    clientId: r.clientId,
    name: r.clientName,
    uri: r.clientUri,
    since: r.createdAt,
    scopeKeys: [...new Set((parseScopes(r.scope) ?? []).map((s) => SCOPE_LABELS[s]))],
  }));
}

/**
 * Disconnects an application (settings): the consent, its tokens and its unused codes end in one
 * batch. E404160 when there was nothing to withdraw (another tab did it first, or never given).
 */
export async function disconnectApp(env: Env, accountId: string, clientId: string, now = Date.now()) {
  if (!clientId || clientId.length > 64) throw new AppError('E404160');
  const [removed] = await runBatch(env.DB, consentsRepo(env.DB).withdraw(accountId, clientId, now));
  if (removed?.meta.changes !== 1) throw new AppError('E404160');
}
