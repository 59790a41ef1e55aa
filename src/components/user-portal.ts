import { path } from '../lib/paths';
import type { Translate } from '../i18n/translator';
import type { SessionUser } from '../server/context';
import { portalAccountUrl, portalProviders } from '../server/portal/config';

/** The portal a type-1 user signs in with, as the chrome and settings name and link it. */
export interface UserPortal {
  id: string;
  name: string;
  /** The portal's own account page, where the password is managed; null when not configured. */
  accountUrl: string | null;
}

/**
 * The portal of a signed-in type-1 user, or null for a wallet user (type 2). A deployment has one
 * portal in practice; with several, the session does not yet say which one signed this user in, so
 * the first configured provider is named (documented in docs/portal-sign-in.md). `env` is the
 * request's (Astro.locals.env).
 */
export function userPortal(
  env: Parameters<typeof portalProviders>[0],
  user: Pick<SessionUser, 'userType'> | null,
): UserPortal | null {
  if (user?.userType !== 1) return null;
  const provider = portalProviders(env)[0];
  if (!provider) return null;
  return { id: provider.id, name: provider.name, accountUrl: portalAccountUrl(env, provider.id) };
}

/** The portal login route that asks the portal to sign the person in again, then returns here. */
export function portalReauthUrl(portal: UserPortal, returnTo: string): string {
  const q = new URLSearchParams({ provider: portal.id, prompt: 'login', returnTo });
  return `${path('/portal/login')}?${q.toString()}`;
}

/**
 * What a type-1 user's confirmation forms show instead of a password field (the islands'
 * PortalConfirm): the note, and the way to a fresh portal sign-in that comes back to `returnTo`.
 */
export function portalConfirmLabels(t: Translate, portal: UserPortal | null, returnTo: string) {
  if (!portal) return null;
  return {
    note: t('settings.portal_confirm_note', { name: portal.name }),
    needed: t('settings.portal_reauth_needed', { name: portal.name }),
    button: t('settings.portal_reauth_button', { name: portal.name }),
    href: portalReauthUrl(portal, returnTo),
  };
}
