import { FetchBudget } from '../outbound/fetch';
import { docSource } from '../verify/doc-source';
import { verifyBadge } from '../verify/verify';

/** Imported badges are checked again when their last check is older than this. */
export const REVERIFY_AFTER_MS = 7 * 86_400_000;
/** Per nightly run: each check may take up to ten fetches. */
export const REVERIFY_BATCH = 25;

interface Due {
  id: string;
  source_url: string | null;
  assertion_json: string;
  issuer_json: string;
  recipient_email: string;
}

/**
 * Re-verifies imported badges (issue 6: "re-verified periodically, revocation shows up"). A hosted
 * badge is verified again at its URL; a signed one (its id is not a URL) has its issuer's
 * revocation list read again. "Could not verify now" keeps the last verdict and is tried next run.
 */
export async function reverifyImported(env: Env, now = Date.now()): Promise<number> {
  const due = (
    await env.DB.prepare(
      `SELECT id, source_url, assertion_json, issuer_json, recipient_email FROM host_assertions
       WHERE verified_at < ? ORDER BY verified_at LIMIT ?`,
    )
      .bind(now - REVERIFY_AFTER_MS, REVERIFY_BATCH)
      .all<Due>()
  ).results;
  for (const row of due) {
    const verdict = await check(env, row, now);
    if (verdict.state === 'unverifiable') continue;
    await env.DB.prepare(
      `UPDATE host_assertions SET verify_status = ?, verified_at = ?, updated_at = ?,
         revoked_at = CASE WHEN ? THEN COALESCE(revoked_at, ?) ELSE NULL END, revoked_reason = ?
       WHERE id = ?`,
    )
      .bind(verdict.state, now, now, verdict.revoked ? 1 : 0, now, verdict.reason, row.id)
      .run();
  }
  return due.length;
}

async function check(env: Env, row: Due, now: number) {
  if (row.source_url) {
    const r = await verifyBadge(env, { kind: 'url', url: row.source_url }, [row.recipient_email], now);
    const revoked = r.badge_information.revoked;
    const state =
      r.verify_state === 'unverifiable'
        ? 'unverifiable'
        : revoked || !onlyExpiry(r.verify_errors_code)
          ? 'invalid'
          : 'valid';
    return { state, revoked, reason: r.badge_information.revocation_reason } as const;
  }
  const id = (JSON.parse(row.assertion_json) as { id?: unknown }).id;
  const listUrl = (JSON.parse(row.issuer_json) as { revocationList?: unknown }).revocationList;
  if (typeof listUrl !== 'string') return { state: 'valid', revoked: false, reason: null } as const;
  const list = await docSource(env, new FetchBudget(3)).get(listUrl);
  if (list.kind === 'unreachable') return { state: 'unverifiable', revoked: false, reason: null } as const;
  if (list.kind !== 'ok') return { state: 'invalid', revoked: false, reason: null } as const;
  const entries = Array.isArray(list.doc['revokedAssertions']) ? (list.doc['revokedAssertions'] as unknown[]) : [];
  const hit = entries.find((e) => (typeof e === 'string' ? e : (e as { id?: unknown } | null)?.id) === id);
  const reason = hit && typeof hit === 'object' ? (hit as { revocationReason?: unknown }).revocationReason : null;
  return hit
    ? ({ state: 'invalid', revoked: true, reason: typeof reason === 'string' ? reason : null } as const)
    : ({ state: 'valid', revoked: false, reason: null } as const);
}

/** An expired badge is still a valid one: only E045 may be present. */
const onlyExpiry = (codes: string[]) => codes.every((c) => c === 'E045');
