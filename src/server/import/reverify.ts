import { FetchBudget } from '../outbound/fetch';
import { docSource } from '../verify/doc-source';
import { normalizeDoc } from '../openbadges/verify/ld/normalize';
import { revocationEntry } from '../verdict/revocation';
import { fromText, type VerifyInput } from '../verify/input';
import { verifyBadge } from '../verify/verify';
import { importRepo, type ReverifyRow, type ReverifyVerdict } from './repo';
import { issuerClaimedIn } from '../verdict/report';
import { endorsementsJsonOf } from './service';

/** Imported badges are checked again when their last check is older than this. */
export const REVERIFY_AFTER_MS = 7 * 86_400_000;
/** Per nightly run: each check may take up to ten fetches. */
export const REVERIFY_BATCH = 25;

/**
 * Re-verifies imported badges (issue 6: "re-verified periodically, revocation shows up"). A hosted
 * badge is verified again at its URL; a signed one (its id is not a URL) has its issuer's
 * revocation list read again. An Open Badges 3.0 credential (issue 21) is verified again as it was
 * received, which reads its status list again. "Could not verify now" keeps the last verdict and is
 * tried next run.
 */
export async function reverifyImported(env: Env, now = Date.now()): Promise<number> {
  const repo = importRepo(env.DB);
  const due = await repo.dueForReverify(now - REVERIFY_AFTER_MS, REVERIFY_BATCH);
  for (const row of due) {
    const { state, ...verdict } = await check(env, row, now);
    if (state === 'unverifiable') continue;
    await repo.recordVerdict(row.id, { state, ...verdict }, now);
  }
  return due.length;
}

type Checked = Omit<ReverifyVerdict, 'state'> & { state: ReverifyVerdict['state'] | 'unverifiable' };

/** What is verified again in full: an OB 3.0 credential as received, else a hosted badge's URL. */
function fullInput(row: ReverifyRow): VerifyInput | null {
  if (row.format === 'ob3' && row.rawCredential) return fromText(row.rawCredential);
  return row.sourceUrl ? { kind: 'url', url: row.sourceUrl } : null;
}

async function check(env: Env, row: ReverifyRow, now: number): Promise<Checked> {
  const input = fullInput(row);
  if (input) {
    const r = await verifyBadge(env, input, [row.recipientEmail], now);
    const revoked = r.badge_information.revoked;
    const state =
      r.verify_state === 'unverifiable'
        ? 'unverifiable'
        : revoked || !onlyExpiry(r.verify_errors_code)
          ? 'invalid'
          : 'valid';
    // An OB 3.0 badge's endorsements were checked again too (issue 21): their verdicts replace the last.
    return {
      state,
      revoked,
      reason: r.badge_information.revocation_reason,
      endorsementsJson: endorsementsJsonOf(r),
      issuerClaimed: issuerClaimedIn(r),
    };
  }
  const id = (JSON.parse(row.assertionJson) as { id?: unknown }).id;
  const listUrl = (JSON.parse(row.issuerJson) as { revocationList?: unknown }).revocationList;
  if (typeof listUrl !== 'string') return plain('valid');
  const list = await docSource(env, new FetchBudget(3)).get(listUrl);
  if (list.kind === 'unreachable') return plain('unverifiable');
  if (list.kind !== 'ok') return plain('invalid');
  // Read as the live verifier reads it: as JSON-LD, then every shape of entry (revocation.ts).
  const read = await normalizeDoc(list.doc, 'other', list.url, '2.0');
  if (!read.ok) return plain('unverifiable');
  const hit = revocationEntry(read.doc, typeof id === 'string' ? id : null);
  const reason = hit?.['revocationReason'];
  return hit ? plain('invalid', true, typeof reason === 'string' ? reason : null) : plain('valid');
}

/** A verdict of a badge with no endorsements to keep (a signed 2.0 badge's revocation list read). */
const plain = (state: Checked['state'], revoked = false, reason: string | null = null): Checked => ({
  state,
  revoked,
  reason,
  endorsementsJson: null,
  issuerClaimed: false,
});

/** An expired badge is still a valid one: only E045 may be present. */
const onlyExpiry = (codes: string[]) => codes.every((c) => c === 'E045');
