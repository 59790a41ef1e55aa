import type { Context, MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import { BASE_PATH } from '../../src/lib/paths';
import { publicCertificatePage, publicCertificatesOf } from '../../src/server/certificates/pages-service';
import type { AppEnv } from '../../src/server/context';
import { pageParam } from '../../src/server/discovery/page-params';
import { findBadgeClassPage, findIssuerPage, findSkillPage } from '../../src/server/discovery/pages-service';
import { createServer } from '../../src/server/app';
import { publicBadgeDetail, publicHostDetail, publicWalletPage } from '../../src/server/wallet/pages-service';

/**
 * Stand-ins for the public Astro pages (integration tests run without Astro's build): each reads
 * exactly what its page reads, through the same page services and the request's D1, and prints it
 * with the request's language, the signed-in viewer's name if any (as the chrome does) and the
 * address it was asked for (as the pages' login and language links do). A test may add a step a
 * page might take (make a form token, set a cookie) through `pageHooks`.
 */
export const pageHooks: { before: ((c: Context<AppEnv>) => Promise<void>) | null } = { before: null };

type Read = (c: Context<AppEnv>, m: string[]) => Promise<unknown>;
const now = () => Date.now();
const PAGES: [RegExp, Read][] = [
  [/^\/public\/assertions\/detail\/([^/]+)$/, (c, m) => publicBadgeDetail(c.env.DB, m[1] ?? '', now())],
  [/^\/public\/assertions\/host\/detail\/([^/]+)$/, (c, m) => publicHostDetail(c.env.DB, m[1] ?? '', now())],
  [/^\/public\/acaddocs\/detail\/([^/]+)$/, (c, m) => publicCertificatePage(c.env.DB, m[1] ?? '')],
  [
    /^\/public\/assertions\/user\/([^/]+)$/,
    async (c, m) => {
      const params = new URL(c.req.url).searchParams;
      const sort = params.get('sort') ?? '-IssuedOn';
      const wallet = await publicWalletPage(c.env.DB, m[1] ?? '', sort, pageParam(params), now());
      // The real page lists the person's public certificates under the badges.
      return wallet && { ...wallet, certificates: await publicCertificatesOf(c.env.DB, wallet.profile.id) };
    },
  ],
  [
    /^\/issuers\/([^/]+)$/,
    (c, m) => findIssuerPage(c.env.DB, m[1] ?? '', pageParam(new URL(c.req.url).searchParams), 'desc'),
  ],
  [/^\/issuers\/([^/]+)\/badges\/([^/]+)$/, (c, m) => findBadgeClassPage(c.env.DB, m[1] ?? '', m[2] ?? '')],
  [/^\/skill\/([^/]+)$/, (c, m) => findSkillPage(c.env.DB, m[1] ?? '', 1, 'asc')],
];

const pages: MiddlewareHandler<AppEnv> = async (c) => {
  const route = c.req.path.slice(BASE_PATH.length);
  for (const [pattern, read] of PAGES) {
    const m = pattern.exec(route);
    if (!m) continue;
    if (pageHooks.before) await pageHooks.before(c);
    const data = await read(
      c,
      [...m].map((s) => s ?? ''),
    );
    const viewer = c.var.user ? `${c.var.user.firstName} ${c.var.user.lastName}` : '';
    const here = new URL(c.req.url);
    const body = html`<!doctype html>
      <html lang="${c.var.lang}">
        <body>
          <p>${c.var.t('common.go_home')}</p>
          <p id="viewer">${viewer}</p>
          <a href="${here.pathname + here.search}">here</a>
          <pre>${JSON.stringify(data)}</pre>
        </body>
      </html>`;
    return c.html(body, data ? 200 : 404);
  }
  return c.notFound();
};

/** The Worker's app with the stand-in pages mounted where Astro's are. */
export const siteWithPages = createServer({ assets: (_c, next) => next(), pages });
