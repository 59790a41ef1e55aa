import { path } from '../../lib/paths';

/** A wallet page's absolute URL (mails, redirects), always from PUBLIC_BASE_URL (security guide RST-02). */
export function walletUrl(env: Pick<Env, 'PUBLIC_BASE_URL'>, route: string): string {
  return `${new URL(env.PUBLIC_BASE_URL).origin}${path(route)}`;
}
