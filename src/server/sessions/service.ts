import type { Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';
import { AppError } from '../errors';
import { deviceText } from './labels';
import { placeLabel } from './place';
import { sessionsRepo } from './repo';
import { deviceLabel } from './user-agent';

/** One session as the settings page and the API show it. */
export interface SessionView {
  /** Null only for sessions written without one (none are after migration 0015). */
  id: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  /** Null when the platform gave no place (locally always). */
  place: string | null;
  userType: 1 | 2;
  signedInAt: number;
  lastSeenAt: number;
  current: boolean;
}

/** The account's live sessions, this one first, then by last seen (issue 22). */
export async function listSessions(
  d1: D1Database,
  accountId: string,
  currentHash: string,
  lang: Language,
  t: Translate,
  now = Date.now(),
): Promise<SessionView[]> {
  const rows = await sessionsRepo(d1).list(accountId, currentHash, now);
  return rows.map((s) => {
    const d = deviceLabel(s.userAgent);
    return {
      id: s.publicId,
      device: deviceText(s.userAgent, t),
      browser: d.browser,
      os: d.os,
      place: placeLabel({ country: s.country, city: s.city }, lang),
      userType: s.userType === 1 ? 1 : 2,
      signedInAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      current: s.current,
    };
  });
}

/**
 * Signs out one other session of the account. An id that is not a live session of this account
 * (another account's, this very session's, or one already ended) is 404 E404100: nothing tells
 * another account's session apart from one that never existed (AZ-*).
 */
export async function signOutSession(d1: D1Database, accountId: string, id: string, currentHash: string) {
  if (!(await sessionsRepo(d1).signOut(accountId, id, currentHash))) throw new AppError('E404100');
}

/** "Sign out everywhere else": answers how many sessions ended (0 is not an error). */
export const signOutOtherSessions = (d1: D1Database, accountId: string, currentHash: string) =>
  sessionsRepo(d1).signOutOthers(accountId, currentHash);
