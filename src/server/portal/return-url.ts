import { safeRedirect } from '../../lib/paths';

/**
 * A return URL after portal sign-in, limited to this site (RED-01..05): parsed with WHATWG URL
 * against PUBLIC_BASE_URL, same origin and under the wallet only, leading slashes collapsed, and
 * emitted absolute so a browser can never read it as protocol-relative. Anything else: the badge list.
 */
export function safeReturnUrl(env: Pick<Env, 'PUBLIC_BASE_URL'>, raw: string | null | undefined): string {
  const origin = new URL(env.PUBLIC_BASE_URL).origin;
  return new URL(safeRedirect(raw, origin), origin).href;
}
