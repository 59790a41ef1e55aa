import { BASE_PATH } from '../../lib/paths';

/**
 * Spec §2: entering the wallet, settings, receive, activation, email verification, issuer, skill or
 * password-change paths runs the unread check when the new-mark is off. Password change lives in
 * settings here (`/setting?menu=2`); the `/password/` screens are listed for the links that lead there.
 */
const PREFIXES = [
  '/assertions',
  '/acaddocs',
  '/setting',
  '/receive',
  '/activation',
  '/email/verification',
  '/issuers',
  '/skill',
  '/password',
];

export function checksOnEntry(pathname: string): boolean {
  if (!pathname.startsWith(BASE_PATH)) return false;
  const route = pathname.slice(BASE_PATH.length);
  return PREFIXES.some((p) => route === p || route.startsWith(`${p}/`));
}
