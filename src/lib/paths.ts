/** The wallet's base path (spec: every screen lives under it); pages build links with `path`. */
export const BASE_PATH = '/ns/portal/openbadge';

/** A wallet path such as `/assertions` turned into the served path under the base. */
export function path(route: string): string {
  return `${BASE_PATH}${route.startsWith('/') ? route : `/${route}`}`;
}

/**
 * A post-login return target, accepted only when it is a same-origin path under the wallet
 * (security guide RED-01..05); anything else falls back to the badge list.
 */
export function safeRedirect(target: string | null | undefined, origin: string): string {
  const fallback = path('/assertions');
  if (!target || target.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  // Collapse leading slashes so a pathname like "//evil.com" can never become protocol-relative.
  const pathname = url.pathname.replace(/^\/+/, '/');
  if (!pathname.startsWith(`${BASE_PATH}/`)) return fallback;
  return `${pathname}${url.search}${url.hash}`;
}

/** Shown where a badge or issuer has no image of its own. */
export const DEFAULT_BADGE_IMAGE = path('/images/default-badge.svg');
