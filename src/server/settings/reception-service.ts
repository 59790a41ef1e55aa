import { randomToken, sha256Hex } from '../auth/tokens';
import { runBatch } from '../db/batch';
import { AppError } from '../errors';
import { receptionRepo, type ReceptionLinkRow } from '../mail/reception-repo';

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** The address as the page shows it: enough to recognise, not enough to harvest (h***@example.org). */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const local = address.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${address.slice(at)}`;
}

/** What the reception page shows for a link: the masked address and the two switches (spec §4). */
export interface Reception {
  address: string;
  receiveBadgeMail: boolean;
  receiveInfoMail: boolean;
}

async function usableLink(env: Env, token: string, now: number): Promise<{ row: ReceptionLinkRow; hash: string }> {
  if (!TOKEN.test(token)) throw new AppError('E404111');
  const hash = await sha256Hex(token);
  const row = await receptionRepo(env.DB).find(hash);
  if (!row) throw new AppError('E404111');
  if (row.usedAt !== null) throw new AppError('E409130');
  if (row.expiresAt <= now) throw new AppError('E410105');
  return { row, hash };
}

/** The reception settings a mail's link opens (unknown E404111, used E409130, expired E410105). */
export async function readReception(env: Env, token: string): Promise<Reception> {
  const { row } = await usableLink(env, token, Date.now());
  return {
    address: maskAddress(row.address),
    receiveBadgeMail: row.receiveBadgeMail,
    receiveInfoMail: row.receiveInfoMail,
  };
}

/**
 * Saves both switches for the link's account, and only that account (the token names it; nothing
 * posted can). One batch: the link's single use, then the save conditioned on it, so of parallel
 * saves exactly one is written and the rest are "already used".
 */
export async function saveReception(env: Env, token: string, badge: boolean, info: boolean): Promise<Reception> {
  const now = Date.now();
  const { row, hash } = await usableLink(env, token, now);
  const repo = receptionRepo(env.DB);
  const mark = randomToken(16);
  const [used] = await runBatch(env.DB, [
    repo.consume(hash, now, mark),
    repo.saveForUsedLink(hash, mark, now, badge, info),
  ]);
  if ((used?.results.length ?? 0) === 0) {
    const again = await repo.find(hash);
    throw new AppError(!again ? 'E404111' : again.usedAt !== null ? 'E409130' : 'E410105');
  }
  return { address: maskAddress(row.address), receiveBadgeMail: badge, receiveInfoMail: info };
}

/**
 * RFC 8058 one-click unsubscribe from information mail: info mail off for the link's account while
 * the link is unexpired, used or not (turning mail off is always safe to repeat). False: no such link.
 */
export async function unsubscribeInfo(env: Env, token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const [r] = await runBatch(env.DB, [receptionRepo(env.DB).unsubscribeInfo(await sha256Hex(token), Date.now())]);
  return (r?.results.length ?? 0) > 0;
}
