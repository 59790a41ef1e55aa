import { sha256Hex } from '../auth/tokens';
import { AppError } from '../errors';
import { walletBadgeRepo, type BadgeRow } from './badge-repo';
import { receiveLinkRepo } from './receive-link-repo';

/**
 * What an award mail's receive link can do right now (spec §2 /receive/{token}, §8 messages):
 * ready to receive; needs an account for the address first; or one of the refusals.
 */
export type ReceiveLinkState =
  | { kind: 'ready'; badge: BadgeRow }
  | { kind: 'register'; badge: BadgeRow }
  | { kind: 'refused'; code: 'E404101' | 'E409100' | 'E409103' | 'E409104' | 'E410103'; badge: BadgeRow | null };

async function lookUp(d1: D1Database, token: string, now: number) {
  const hash = await sha256Hex(token);
  const row = await receiveLinkRepo(d1).token(hash);
  const badge = row ? await walletBadgeRepo(d1).byId(row.subject) : null;
  return { hash, row, badge, now };
}

function stateOf({ row, badge, now }: Awaited<ReturnType<typeof lookUp>>): ReceiveLinkState {
  if (!row || !badge || badge.deletedByOwnerAt) return { kind: 'refused', code: 'E404101', badge: null };
  if (badge.revokedAt || badge.deletedByIssuerAt) return { kind: 'refused', code: 'E409100', badge };
  if (badge.acceptStatus !== 0) return { kind: 'refused', code: 'E409103', badge };
  if (badge.isHidden) return { kind: 'refused', code: 'E409104', badge };
  // An expired link is only a missing shortcut: the badge still waits in the wallet (spec §8).
  if (row.expiresAt <= now) return { kind: 'refused', code: 'E410103', badge };
  if (!badge.accountId) return { kind: 'register', badge };
  return { kind: 'ready', badge };
}

export async function receiveLinkState(d1: D1Database, token: string, now = Date.now()): Promise<ReceiveLinkState> {
  return stateOf(await lookUp(d1, token, now));
}

/**
 * Receives the badge of a receive link for the account that owns the awarded address; no session
 * is needed because the link itself came to that address. Answers 'register' when no account has
 * the address yet (activation attaches the badge, and the link works again afterwards).
 */
export async function redeemReceiveLink(d1: D1Database, token: string, now = Date.now()) {
  const found = await lookUp(d1, token, now);
  const state = stateOf(found);
  if (state.kind === 'refused') throw new AppError(state.code);
  if (state.kind === 'register') return { result: 'register' as const, badge: state.badge };
  if (await receiveLinkRepo(d1).redeem(found.hash, state.badge.id, state.badge.accountId ?? '', now)) {
    return { result: 'received' as const, badge: state.badge };
  }
  // Someone received or hid it between the read and the write: answer what it is now.
  const again = stateOf(await lookUp(d1, token, now));
  throw new AppError(again.kind === 'refused' ? again.code : 'E409104');
}
