import { BASE_PATH } from '../../lib/paths';

/**
 * Which addresses the edge cache serves (issue 23) and what each one's content depends on. A page
 * is keyed by its address (only the query parameters that change it), the visitor's resolved
 * language, and the generations of its scopes (migrations/0019): 'site' always, plus either a
 * named scope (`issuer:<id>`, ...) or the owner of a row (`account:<owner>` of a badge).
 */

/** The table whose row's owner (account_id) names the `account:` scope of a person's page. */
export type OwnerTable = 'assertions' | 'host_assertions' | 'acad_docs' | 'held_clrs';

/** What a cached address depends on, besides 'site'. */
export type Dependency = { owner: OwnerTable; id: string } | { scope: string };

export interface CacheTarget {
  dependency: Dependency;
  /** The query parameters that change the page, in a fixed order; any other one bypasses storing. */
  params: readonly string[];
}

const API_CARDS = '/api/v1.0/openbadge/v2/Wallet/Public/ShareImage';
const ID = '([A-Za-z0-9_-]{1,64})';
// `language` chooses the page's language (it is in the key anyway) and shows in its own links.
const LIST = ['language', 'page', 'sort'] as const;
const ONE = ['language'] as const;

type Rule = [RegExp, (m: string[]) => Dependency, readonly string[]];

const RULES: Rule[] = [
  [new RegExp(`^${BASE_PATH}/public/assertions/detail/${ID}$`), (m) => owned('assertions', m[1]), ONE],
  [new RegExp(`^${BASE_PATH}/public/assertions/host/detail/${ID}$`), (m) => owned('host_assertions', m[1]), ONE],
  [new RegExp(`^${BASE_PATH}/public/acaddocs/detail/${ID}$`), (m) => owned('acad_docs', m[1]), ONE],
  [new RegExp(`^${BASE_PATH}/public/acaddocs/records/${ID}$`), (m) => owned('held_clrs', m[1]), ONE],
  [new RegExp(`^${BASE_PATH}/public/assertions/user/${ID}$`), (m) => ({ scope: `account:${m[1]}` }), LIST],
  [new RegExp(`^${BASE_PATH}/issuers/${ID}$`), (m) => ({ scope: `issuer:${m[1]}` }), LIST],
  [new RegExp(`^${BASE_PATH}/issuers/${ID}/badges/${ID}$`), (m) => ({ scope: `class:${m[2]}` }), ONE],
  [new RegExp(`^${BASE_PATH}/skill/${ID}$`), (m) => ({ scope: `skill:${m[1]}` }), LIST],
  [new RegExp(`^${API_CARDS}/acaddoc/${ID}\\.png$`), (m) => owned('acad_docs', m[1]), ONE],
  [new RegExp(`^${API_CARDS}/record/${ID}\\.png$`), (m) => owned('held_clrs', m[1]), ONE],
  [new RegExp(`^${API_CARDS}/(class|issuer|skill)/${ID}\\.png$`), (m) => ({ scope: `${m[1]}:${m[2]}` }), ONE],
  [new RegExp(`^${API_CARDS}/${ID}\\.png$`), (m) => owned('assertions', m[1]), ONE],
];

function owned(owner: OwnerTable, id: string | undefined): Dependency {
  return { owner, id: id ?? '' };
}

/** The cache target of a path, or null when the path is never cached. */
export function cacheTarget(pathname: string): CacheTarget | null {
  for (const [pattern, dependency, params] of RULES) {
    const m = pattern.exec(pathname);
    if (m) return { dependency: dependency([...m].map((s) => s ?? '')), params };
  }
  return null;
}

/** The page paths the middleware is mounted on (Hono patterns); `cacheTarget` decides within them. */
export const CACHED_PAGE_PATHS = [`${BASE_PATH}/public/*`, `${BASE_PATH}/issuers/*`, `${BASE_PATH}/skill/*`] as const;
/** The share images' paths (under the API), mounted before the API's routes. */
export const CACHED_IMAGE_PATHS = [`${API_CARDS}/*`] as const;

// The shapes a page's own parameters have in the links pages make. Other values (page=abc, a
// thousand made-up languages) render a page too, but are not stored: nobody fills the cache with them.
const SHAPES: Record<string, RegExp> = {
  language: /^[A-Za-z]{2,3}(?:-[A-Za-z]{2,4})?$/,
  page: /^[1-9]\d{0,4}$/,
  sort: /^-?[A-Za-z_]{1,20}$/,
};

/**
 * The address part of the key: the path and the page's own parameters in a fixed order. `clean`
 * is false when the request carried any other parameter (a tracking tag, a typo) or a value of an
 * unusual shape: such a request may be answered from the cache, but its rendering, whose links
 * repeat its address, is not stored.
 */
export function normalise(url: URL, params: readonly string[]): { path: string; clean: boolean } {
  const kept = new URLSearchParams();
  for (const name of params) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const clean =
    url.searchParams.size === kept.size &&
    [...url.searchParams].every(([k, v]) => params.includes(k) && (SHAPES[k]?.test(v) ?? false));
  const query = kept.toString();
  return { path: query ? `${url.pathname}?${query}` : url.pathname, clean };
}
